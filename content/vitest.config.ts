import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: { name: 'content', include: ['test/**/*.test.ts'] },
});
