#!/usr/bin/env node
// `slugsmith-server`: the server's one entry. dist/main.js applies the server's Node defaults (heap
// and WebAssembly flags, see the README) by re-executing itself with them, then serves.
//
// Subcommands: `slugsmith-server <command> …` is where operations commands (backup, restore,
// migrate-to-postgres: src/cli) are dispatched; until they are wired, every invocation serves.
await import('../dist/main.js');
