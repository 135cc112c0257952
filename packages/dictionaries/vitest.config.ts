import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: { name: 'dictionaries', include: ['test/**/*.test.ts'], testTimeout: 60_000 },
});
