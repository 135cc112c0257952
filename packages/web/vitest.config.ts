import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'web',
    include: ['test/**/*.test.ts', 'e2e/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 240_000,
    // A page answers after its server and the browser had their turn on a loaded 2-core machine:
    // expect.poll's default second is a guess, not a wait.
    expect: { poll: { timeout: 15_000 } },
  },
});
