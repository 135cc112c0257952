import { loadBundle, loadLanguageBundles } from '@slugsmith/dictionaries';
import { Generator } from '@slugsmith/generator';

let generator: Generator | undefined;

/**
 * One engine over the current bundle with the current language bundles (`{noun@de}`), as the
 * server's forges read them, shared by the tests of a file.
 */
export function engine(): Generator {
  generator ??= new Generator(loadBundle(), { languages: loadLanguageBundles() });
  return generator;
}

const capacities = new Map<string, string>();

/** The engine's capacity of a pattern (memoised: compiling a pattern filters whole dictionaries). */
export function capacityOf(pattern: string): string {
  let capacity = capacities.get(pattern);
  if (capacity === undefined) {
    capacity = engine().patternInfo(pattern).capacity;
    capacities.set(pattern, capacity);
  }
  return capacity;
}

/** Fenced code blocks of a markdown text, with their info string and the line they start on. */
export function codeBlocks(markdown: string): Array<{ info: string; code: string; line: number }> {
  const out: Array<{ info: string; code: string; line: number }> = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([^`\s]*)/.exec(lines[i] ?? '');
    if (!open) continue;
    const fence = open[2] ?? '```';
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !(lines[j] ?? '').trim().startsWith(fence)) body.push(lines[j++] ?? '');
    out.push({ info: open[3] ?? '', code: body.join('\n'), line: i + 1 });
    i = j;
  }
  return out;
}
