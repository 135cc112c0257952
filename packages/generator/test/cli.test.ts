import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';

/** Runs the CLI in-process and captures what it writes. */
async function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const stream = (append: (s: string) => void) =>
    ({
      write: (s: string) => {
        append(s);
        return true;
      },
    }) as unknown as typeof process.stdout;
  const out = stream((s) => {
    stdout += s;
  });
  const err = stream((s) => {
    stderr += s;
  });
  const code = await main(argv, out, err);
  return { code, stdout, stderr };
}

describe('slugsmith CLI', () => {
  it('reads the language bundles: German adjectives agree with the noun', async () => {
    const r = await run('forge', '{adjective@de}-{noun@de}', '--count', '20', '--seed', 'de');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(20);
    // A strong ending (-er, -e, -es) on every adjective: the form, never the bare lemma.
    for (const l of lines) expect(l).toMatch(/^[a-zäöüß]+(er|e|es)-[a-zäöüß]+$/);
  });

  it('lists the tags of a language with --language (en by default, all), as the API does', async () => {
    const english = await run('tags', 'noun');
    expect(english.code).toBe(0);
    const rows = (r: { stdout: string }) =>
      r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => l.split('\t'));
    expect(rows(english).length).toBeGreaterThan(0);
    expect(rows(english).every(([kind, language]) => kind === 'noun' && language === 'en')).toBe(true);
    const german = await run('tags', 'noun', '--language', 'de');
    expect(german.code).toBe(0);
    expect(rows(german).every(([, language]) => language === 'de')).toBe(true);
    expect(rows(german).map(([, , tag]) => tag)).toContain('feminine');
    const all = await run('tags', '-l', 'all');
    const languages = new Set(rows(all).map(([, language]) => language));
    for (const l of ['en', 'de', 'fr', '-']) expect(languages.has(l), l).toBe(true);
    const unknown = await run('tags', '--language', 'dd');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /^error: No dictionaries for language 'dd' \(languages: .*de.*, all\)\. Did you mean 'de'/,
    );
  });

  it('forges one slug per line, reproducibly with a seed', async () => {
    const a = await run(
      'forge',
      '{adjective}-{noun}-{number:3d}',
      '--count',
      '4',
      '--seed',
      's1',
      '--sequence',
      '10',
    );
    expect(a.code).toBe(0);
    const lines = a.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    for (const l of lines) expect(l).toMatch(/^[a-z]+-[a-z]+-\d{3}$/);
    const b = await run(
      'forge',
      '{adjective}-{noun}-{number:3d}',
      '--count',
      '4',
      '--seed',
      's1',
      '--sequence',
      '10',
    );
    expect(b.stdout).toBe(a.stdout);
    const shifted = await run(
      'forge',
      '{adjective}-{noun}-{number:3d}',
      '--count',
      '3',
      '--seed',
      's1',
      '--sequence',
      '11',
    );
    expect(shifted.stdout.trimEnd().split('\n')).toEqual(lines.slice(1));
  });

  it('prints pattern info as JSON', async () => {
    const r = await run('info', '{adjective}-{noun}-{number:3d}');
    expect(r.code).toBe(0);
    const info = JSON.parse(r.stdout);
    expect(info).toMatchObject({ pattern: '{adjective}-{noun}-{number:3d}', complexity: 13, components: 3 });
    expect(BigInt(info.capacity) % 1000n).toBe(0n);
  });

  it('shows a bad pattern with a caret under the offending span and exits with 2', async () => {
    const r = await run('forge', '{number:5,Hex}');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const [message, pattern, caret] = r.stderr.split('\n');
    expect(message).toBe('error: Invalid number base');
    expect(pattern).toBe('  {number:5,Hex}');
    expect(caret).toBe(`  ${' '.repeat(10)}^^^`);
  });

  it('rejects bad counts, sequences beyond the capacity and unknown commands with 2', async () => {
    expect((await run('forge', '{noun}', '--count', '0')).stderr).toContain(
      'Count must be a positive number',
    );
    const exhausted = await run('forge', '{number:1d}', '--sequence', '10');
    expect(exhausted.code).toBe(2);
    expect(exhausted.stderr).toContain('beyond the capacity 10');
    expect((await run('frobnicate', '{noun}')).code).toBe(2);
    expect((await run()).code).toBe(2);
    expect((await run('--help')).code).toBe(0);
  });

  it('prints its version, the algorithm and the dictionary bundle', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    for (const flag of ['--version', '-v']) {
      const r = await run(flag);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(
        new RegExp(
          `^slugsmith ${version.replaceAll('.', '\\.')} \\(algorithm v1, dictionary bundle \\S+\\)\\n$`,
        ),
      );
    }
  });

  it('prints the slugs there are when the count is beyond the capacity, and says how many (exit 1)', async () => {
    const r = await run('forge', '{number:1d}', '--count', '25', '--seed', 'c', '--sequence', '4');
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(6);
    // The slugs of positions 4 to 9, as a count that fits gives them.
    expect(lines).toEqual(
      (await run('forge', '{number:1d}', '--count', '6', '--seed', 'c', '--sequence', '4')).stdout
        .trimEnd()
        .split('\n'),
    );
    expect(r.stderr).toContain(
      "error: asked for 25 slugs, but the pattern's capacity is 10: printed the 6 from position 4 on",
    );
    // Without a seed too: one random seed for the whole run, so no slug twice.
    const all = await run('forge', '{number:2d}', '--count', '30000');
    expect(all.code).toBe(1);
    expect(new Set(all.stdout.trimEnd().split('\n')).size).toBe(100);
    expect(all.stderr).toContain('printed the 100 from position 0 on');
  });

  it('forges large counts a chunk at a time, the slugs of one call', async () => {
    const slugs = async (...args: string[]) =>
      (await run('forge', '{adjective}-{noun}', '--seed', 'big', ...args)).stdout.trimEnd().split('\n');
    const all = await slugs('--count', '20500');
    expect(all).toHaveLength(20_500);
    expect(new Set(all).size).toBe(20_500);
    expect(all.slice(0, 12_000)).toEqual(await slugs('--count', '12000'));
    expect(all.slice(12_000)).toEqual(await slugs('--count', '8500', '--sequence', '12000'));
  });

  it('suggests the closest names for an unknown kind, tag or command', async () => {
    const kind = await run('forge', '{adjectiv}-{noun}');
    expect(kind.code).toBe(2);
    expect(kind.stderr.split('\n')[0]).toBe(
      "error: Unknown dictionary 'adjectiv'. Did you mean 'adjective'?",
    );
    const tag = await run('info', '{noun:+anmals}');
    expect(tag.stderr.split('\n')[0]).toBe("error: Unknown tag 'anmals' for 'noun'. Did you mean 'animal'?");
    const command = await run('froge', '{noun}');
    expect(command.code).toBe(2);
    expect(command.stderr).toContain("error: Unknown command 'froge'. Did you mean 'forge'?");
  });
});
