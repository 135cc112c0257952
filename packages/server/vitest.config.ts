import { defineProject } from 'vitest/config';

export default defineProject({
  // Workspace packages resolve to their TypeScript sources, so tests need no build first.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Each file starts its own databases (PGlite in memory and a PostgreSQL schema).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The MCP SDK's client imports eventsource-parser, whose `source` export is TypeScript: let
    // Vite compile it instead of handing it to Node.
    server: { deps: { inline: ['@modelcontextprotocol/sdk', 'eventsource-parser'] } },
  },
});
