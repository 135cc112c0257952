import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

/**
 * Every operations command the server's bin runs has its npm script, so that an operator working
 * from the repository types `npm run <command> -w @slugsmith/server -- …` (docs/operations.md).
 */
describe('the operations commands', () => {
  it('each has an npm script that runs it through the bin', async () => {
    const bin = await readFile(new URL('../bin/slugsmith-server.js', import.meta.url), 'utf8');
    const listed = /const COMMANDS = new Set\(\[([^\]]*)\]\)/.exec(bin)?.[1] ?? '';
    const commands = [...listed.matchAll(/'([a-z-]+)'/g)].map((m) => m[1] as string);
    expect(commands).toEqual(expect.arrayContaining(['backup', 'import-revocations', 'rotate-licence-keys']));
    const { scripts } = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
    for (const command of commands) {
      expect(scripts[command], command).toBe(`node bin/slugsmith-server.js ${command}`);
    }
  });
});
