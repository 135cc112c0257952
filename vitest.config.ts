import { defineConfig } from 'vitest/config';

// Every package is a Vitest project; packages/<name>/vitest.config.ts refines its own settings.
export default defineConfig({
  test: {
    projects: ['packages/*', 'content'],
  },
});
