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
});
