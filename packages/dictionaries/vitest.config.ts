import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  // A full English build from WordNet takes ~33 s alone and over 60 s on a loaded machine.
  test: { name: 'dictionaries', include: ['test/**/*.test.ts'], testTimeout: 180_000 },
});
