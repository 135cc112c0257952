#!/usr/bin/env node
// `slugsmith-server`: the server's one entry. Without a command it serves: dist/main.js applies the
// server's Node defaults (heap and WebAssembly flags, see the README) by re-executing itself with
// them. With one of the operations commands (src/cli) it runs that command instead.
const COMMANDS = new Set([
  'backup',
  'restore',
  'migrate-to-postgres',
  'advance-counters',
  'import-revocations',
  'rotate-licence-keys',
]);
const [command, ...args] = process.argv.slice(2);

if (command && COMMANDS.has(command)) {
  const { main } = await import(`../dist/cli/${command}.js`);
  await main(args);
} else if (command && !command.startsWith('-')) {
  console.error(`unknown command: ${command}\nusage: slugsmith-server [${[...COMMANDS].join(' | ')}] …`);
  process.exitCode = 2;
} else {
  await import('../dist/main.js');
}
