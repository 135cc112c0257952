import { defineConfig } from 'vitest/config';

// Every package is a Vitest project; packages/<name>/vitest.config.ts refines its own settings.
// `scripts` tests the repository's own scripts (scripts/build.mjs).
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'content',
      { test: { name: 'scripts', include: ['scripts/test/*.test.ts'], testTimeout: 120_000 } },
    ],
  },
});
