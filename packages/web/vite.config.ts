import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './scripts/precompress.js';

export default defineConfig({
  // precompress: brotli and gzip copies of dist/ that the server sends as they are.
  plugins: [react(), precompressPlugin()],
  // Workspace packages resolve to their TypeScript sources.
  resolve: { conditions: ['source'] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: {
    // During `npm run dev`, the API and the OpenID provider come from the server on :8080.
    proxy: { '/api': 'http://localhost:8080', '/oidc': 'http://localhost:8080' },
  },
});
