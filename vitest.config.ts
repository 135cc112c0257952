import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Every package is a Vitest project; packages/<name>/vitest.config.ts refines its own settings.
// `scripts` tests the repository's own scripts (scripts/build.mjs).
export default defineConfig({
  test: {
    // Vitest's default (one file per core but one) runs a 2-core machine's files one by one, while
    // most of an end-to-end file's time is spent waiting on Chromium, a server or PostgreSQL: two
    // files at a time cut the suite from ~1,130 s to ~790 s on 2 cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      'packages/*',
      'content',
      { test: { name: 'scripts', include: ['scripts/test/*.test.ts'], testTimeout: 120_000 } },
    ],
  },
});
