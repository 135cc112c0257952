import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Each file starts its own database (PGlite in memory and a PostgreSQL schema).
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
