/**
 * Mantine's styles by component instead of its whole stylesheet (~250 kB, render-blocking): each
 * component's CSS (`@mantine/core/styles/<Name>.css`) is imported by the module that holds its
 * class names (`<Name>.module.mjs`), so it goes wherever the bundler puts that component — the
 * first screen's stylesheet for the shell's components, a lazy page's own stylesheet for the rest.
 * A component imports the components it is built on before its class names, so their styles come
 * first, in the order of Mantine's whole stylesheet. The base (reset, variables, global classes)
 * is `src/mantine-base.css`. The dev server pre-bundles Mantine, where no module is seen alone:
 * there the base stands for the whole stylesheets (core and notifications).
 */
import type { Plugin } from 'vite';

const CLASS_NAMES_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/].+[\\/]([A-Za-z]+)\.module\.mjs$/;
const NOTIFICATIONS_MODULE = /[\\/]@mantine[\\/]notifications[\\/]esm[\\/].+\.module\.mjs$/;
const BASE = /[\\/]src[\\/]mantine-base\.css$/;
const WHOLE_STYLESHEETS =
  '@import "@mantine/core/styles.css";\n@import "@mantine/notifications/styles.css";\n';

export function mantineCssPlugin(): Plugin {
  let serve = false;
  return {
    name: 'mantine-component-css',
    enforce: 'pre',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    transform(code, id) {
      if (serve) return BASE.test(id) ? { code: WHOLE_STYLESHEETS, map: null } : null;
      const component = CLASS_NAMES_MODULE.exec(id)?.[1];
      if (component) return { code: `import '@mantine/core/styles/${component}.css';\n${code}`, map: null };
      if (NOTIFICATIONS_MODULE.test(id))
        return { code: `import '@mantine/notifications/styles.css';\n${code}`, map: null };
      return null;
    },
  };
}
