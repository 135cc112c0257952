// Providers translate at the edge: the billing core (src/areas/billing/*.ts) reads events as the
// service's snapshots and imports nothing of Paddle's; only the factory that builds the configured
// provider names it.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const CORE = new URL('../src/areas/billing/', import.meta.url);
/** The factory chooses the provider by PAYMENT_PROVIDER: the one core file that may name Paddle's. */
const FACTORY = 'providers.ts';

const coreFiles = readdirSync(CORE, { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
  .map((entry) => entry.name);

/** Every module a file imports or re-exports, static or dynamic. */
const importsOf = (source: string) =>
  [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((m) => m[1] as string);

describe('billing core and its providers', () => {
  it('finds the core files and reads their imports', () => {
    expect(coreFiles).toEqual(expect.arrayContaining(['apply.ts', 'pipeline.ts', 'snapshots.ts', FACTORY]));
    expect(importsOf(readFileSync(new URL(FACTORY, CORE), 'utf8'))).toContain('./paddle/index.js');
  });

  it.each(coreFiles.filter((name) => name !== FACTORY))('%s imports nothing from billing/paddle', (name) => {
    const paddle = importsOf(readFileSync(new URL(name, CORE), 'utf8')).filter((path) =>
      /(^|\/)paddle\//.test(path),
    );
    expect(paddle).toEqual([]);
  });
});
