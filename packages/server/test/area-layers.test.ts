// Areas import each other one way only (DESIGN.md "The house"): a file of src/areas/<a>/ that
// imports from src/areas/<b>/ is an edge a → b, and no chain of edges leads back to where it began.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const areasDir = resolve(dirname(fileURLToPath(import.meta.url)), '../src/areas');

/** `from → to → the files that make the edge` over every TypeScript file under src/areas. */
function areaGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  const files = readdirSync(areasDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  for (const file of files) {
    const from = file.split('/')[0] ?? file;
    const edges = graph.get(from) ?? new Map<string, string[]>();
    graph.set(from, edges);
    // Every import counts, type-only and dynamic ones too: they tie the areas together as well.
    const { importedFiles } = ts.preProcessFile(readFileSync(join(areasDir, file), 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = relative(areasDir, resolve(areasDir, dirname(file), fileName));
      const to = target.split('/')[0];
      if (!to || to === from || to.startsWith('..')) continue;
      edges.set(to, [...(edges.get(to) ?? []), `${file} → ${target}`]);
    }
  }
  return graph;
}

/** Strongly connected components of more than one area (Tarjan): each holds a circle. */
function circles(graph: Map<string, Map<string, string[]>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (area: string) => {
    index.set(area, index.size);
    low.set(area, index.get(area) ?? 0);
    stack.push(area);
    for (const next of graph.get(area)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(area, Math.min(low.get(area) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) {
        low.set(area, Math.min(low.get(area) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(area) !== index.get(area)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member) component.push(member);
    } while (member && member !== area);
    if (component.length > 1) found.push(component.sort());
  };
  for (const area of graph.keys()) if (!index.has(area)) visit(area);
  return found;
}

describe('area layers', () => {
  const graph = areaGraph();

  it('reads the imports between areas', () => {
    // The scan must see edges that exist, or an empty graph would pass as circle-free.
    expect(graph.get('series')?.has('plans')).toBe(true);
    expect(graph.get('web')?.has('documents')).toBe(true);
    expect(
      circles(
        new Map([
          ['a', new Map([['b', []]])],
          ['b', new Map([['a', []]])],
        ]),
      ),
    ).toEqual([['a', 'b']]);
  });

  it('has no circle between areas', () => {
    const found = circles(graph).map((component) =>
      component.flatMap((from) => component.flatMap((to) => graph.get(from)?.get(to) ?? [])),
    );
    expect(found).toEqual([]);
  });
});
