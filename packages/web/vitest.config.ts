import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'web',
    include: ['test/**/*.test.ts', 'e2e/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
