import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ResolvedConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { mantineCssPlugin } from '../scripts/mantine-css.js';

const require = createRequire(import.meta.url);
const coreRoot = dirname(require.resolve('@mantine/core/styles.css'));

/** Every `<Name>.module.mjs` (a component's class names) in Mantine's ES modules. */
function classNameModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return classNameModules(path);
    return entry.name.endsWith('.module.mjs') ? [path] : [];
  });
}

function pluginFor(command: 'build' | 'serve') {
  const plugin = mantineCssPlugin();
  (plugin.configResolved as (config: ResolvedConfig) => void)({ command } as ResolvedConfig);
  return (code: string, id: string) =>
    (plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null).call(
      {},
      code,
      id,
    );
}

describe('Mantine styles by component (scripts/mantine-css.ts)', () => {
  const build = pluginFor('build');

  it('gives every component of @mantine/core its own stylesheet, imported before its class names', () => {
    const modules = classNameModules(join(coreRoot, 'esm'));
    expect(modules.length).toBeGreaterThan(50);
    for (const module of modules) {
      const name = module.split(/[\\/]/).pop()?.replace('.module.mjs', '');
      const result = build('export default {};', module);
      expect(result?.code, module).toBe(`import '@mantine/core/styles/${name}.css';\nexport default {};`);
      // The file exists: a Mantine release that renames one fails here, not as an unstyled page.
      expect(existsSync(join(coreRoot, 'styles', `${name}.css`)), `${name}.css`).toBe(true);
    }
  });

  it('brings the notifications stylesheet with the notifications', () => {
    const id = '/x/node_modules/@mantine/notifications/esm/Notifications.module.mjs';
    expect(build('export default {};', id)?.code).toMatch(/^import '@mantine\/notifications\/styles\.css';/);
  });

  it('leaves other modules and the base alone in a build', () => {
    expect(build('export {};', '/x/node_modules/@mantine/core/esm/components/Card/Card.mjs')).toBeNull();
    expect(build('export {};', '/x/packages/web/src/routes/landing/hero.tsx')).toBeNull();
    expect(build('@import "x";', '/x/packages/web/src/mantine-base.css')).toBeNull();
  });

  it('serves the whole stylesheets for the base on the dev server, where Mantine is pre-bundled', () => {
    const serve = pluginFor('serve');
    const base = serve('@import "x";', '/x/packages/web/src/mantine-base.css')?.code ?? '';
    expect(base).toContain('@import "@mantine/core/styles.css"');
    expect(base).toContain('@import "@mantine/notifications/styles.css"');
    expect(
      serve('export default {};', '/x/node_modules/@mantine/core/esm/components/Card/Card.module.mjs'),
    ).toBeNull();
  });
});
