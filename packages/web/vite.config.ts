import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { mantineCssPlugin } from './scripts/mantine-css.js';
import { precompressPlugin } from './scripts/precompress.js';
import { titleKeys } from './src/lib/titles.js';
import { routePaths } from './src/route-paths.js';

/** dist/route-paths.json: the console's paths for the server (real 404s, the sitemap, page heads). */
const routePathsPlugin = (): Plugin => ({
  name: 'route-paths',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: 'route-paths.json',
      source: JSON.stringify({ ...routePaths, titles: titleKeys([...routePaths.indexed, '/404']) }),
    });
  },
});

export default defineConfig({
  // precompress: brotli and gzip copies of dist/ that the server sends as they are.
  // mantineCss: Mantine's styles by component, with the code that uses them.
  plugins: [react(), mantineCssPlugin(), routePathsPlugin(), precompressPlugin()],
  // Workspace packages resolve to their TypeScript sources.
  resolve: { conditions: ['source'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The Mantine code the shell loads at start in one chunk: split per component it was
          // ~40 files of 1–5 kB before the landing page showed, each a request with its headers.
          // Components only lazy routes use stay with those routes (npm run bench:landing counts
          // the requests).
          // Mantine's base styles (src/mantine-base.css) lead its stylesheet, before the components'.
          groups: [
            {
              name: 'mantine',
              test: /node_modules[\\/]@mantine[\\/](core|hooks)[\\/]|src[\\/]mantine-base\.css$/,
              tags: ['$initial'],
            },
          ],
        },
      },
    },
  },
  server: {
    // During `npm run dev`, the API and the OpenID provider come from the server on :8080.
    proxy: { '/api': 'http://localhost:8080', '/oidc': 'http://localhost:8080' },
  },
});
