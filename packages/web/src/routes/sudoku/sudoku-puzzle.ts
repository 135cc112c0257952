/**
 * Sudoku puzzles named by slugs: the same slug always gives the same puzzle, so sharing the slug
 * shares the puzzle. A PRNG seeded from the slug fills a complete grid, then empties cells in a
 * seeded order as long as the puzzle keeps exactly one solution. Pure: no DOM, no clock.
 *
 * A grid is 81 numbers, row by row; 0 is an empty cell.
 */

export type Grid = readonly number[];

export interface Puzzle {
  /** The slug that names the puzzle (normalised). */
  slug: string;
  /** The given cells (0 where the player fills in). */
  givens: Grid;
  /** The one solution. */
  solution: Grid;
}

/** The longest slug accepted as a puzzle name. */
export const MAX_SLUG_LENGTH = 80;

/**
 * Givens kept at least: emptying stops here, so puzzles stay solvable by hand in a sitting
 * (a minimal puzzle has about 22–26 and is much harder).
 */
export const MIN_GIVENS = 30;

/** Case and surrounding space do not change the puzzle: `Brave-Otter` names `brave-otter`'s. */
export function normaliseSlug(slug: string): string {
  return slug.trim().toLowerCase();
}

/** A usable puzzle name: not empty, not too long, no control characters. */
export function isPuzzleSlug(slug: string): boolean {
  const s = normaliseSlug(slug);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  return s.length > 0 && s.length <= MAX_SLUG_LENGTH && !/[\u0000-\u001f\u007f]/.test(s);
}

/** cyrb128: four 32-bit words of hash from a string, spread well enough to seed sfc32. */
function hash128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** sfc32: a small, fast PRNG with a 128-bit state; returns floats in [0, 1). */
export function seededRandom(seed: string): () => number {
  let [a, b, c, d] = hash128(seed);
  return () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

export const rowOf = (cell: number) => Math.floor(cell / 9);
export const colOf = (cell: number) => cell % 9;
export const boxOf = (cell: number) => Math.floor(rowOf(cell) / 3) * 3 + Math.floor(colOf(cell) / 3);

/** The 20 cells sharing a row, column or box with each cell. */
const PEERS: readonly (readonly number[])[] = Array.from({ length: 81 }, (_, cell) =>
  Array.from({ length: 81 }, (_, other) => other).filter(
    (other) =>
      other !== cell &&
      (rowOf(other) === rowOf(cell) || colOf(other) === colOf(cell) || boxOf(other) === boxOf(cell)),
  ),
);

const ALL = 0b1111111110; // bits 1..9

/** The digits a cell may still take, as a bit set (bit d set = digit d allowed). */
function candidates(grid: number[], cell: number): number {
  let used = 0;
  for (const peer of PEERS[cell]) used |= 1 << grid[peer];
  return ALL & ~used;
}

const bitCount = (n: number) => {
  let c = 0;
  for (let m = n; m; m &= m - 1) c++;
  return c;
};

/**
 * Counts solutions up to `limit` (2 is enough to tell "unique" from "several"). Depth-first,
 * always branching on the empty cell with the fewest candidates; the digit order comes from
 * `random` when given (used to fill a random complete grid).
 */
function search(grid: number[], limit: number, random?: () => number, found?: number[][]): number {
  let best = -1;
  let bestMask = 0;
  let bestCount = 10;
  for (let cell = 0; cell < 81; cell++) {
    if (grid[cell] !== 0) continue;
    const mask = candidates(grid, cell);
    const count = bitCount(mask);
    if (count === 0) return 0;
    if (count < bestCount) {
      best = cell;
      bestMask = mask;
      bestCount = count;
      if (count === 1) break;
    }
  }
  if (best === -1) {
    found?.push([...grid]);
    return 1;
  }
  const digits: number[] = [];
  for (let d = 1; d <= 9; d++) if (bestMask & (1 << d)) digits.push(d);
  if (random) shuffle(digits, random);
  let total = 0;
  for (const d of digits) {
    grid[best] = d;
    total += search(grid, limit - total, random, found);
    if (total >= limit) break;
  }
  grid[best] = 0;
  return total;
}

/** How many solutions a grid has, counted up to `limit`; 0 when its givens already clash. */
export function countSolutions(grid: Grid, limit = 2): number {
  if (grid.length !== 81) return 0;
  if (conflicts(grid).size > 0) return 0;
  return search([...grid], limit);
}

/** The solution of a grid with exactly one, else null. */
export function solve(grid: Grid): Grid | null {
  if (grid.length !== 81 || conflicts(grid).size > 0) return null;
  const found: number[][] = [];
  return search([...grid], 2, undefined, found) === 1 ? found[0] : null;
}

/** The puzzle a slug names. */
export function puzzleFromSlug(slug: string): Puzzle {
  const name = normaliseSlug(slug);
  const random = seededRandom(`sudoku:${name}`);
  const found: number[][] = [];
  search(new Array(81).fill(0), 1, random, found);
  const solution = found[0];
  const givens = [...solution];
  let kept = 81;
  for (const cell of shuffle(
    Array.from({ length: 81 }, (_, i) => i),
    random,
  )) {
    if (kept <= MIN_GIVENS) break;
    const digit = givens[cell];
    givens[cell] = 0;
    if (search([...givens], 2) === 1) kept--;
    else givens[cell] = digit;
  }
  return { slug: name, givens, solution };
}

/** The filled cells that clash with a peer (same digit in a row, column or box). */
export function conflicts(grid: Grid): Set<number> {
  const clashing = new Set<number>();
  for (let cell = 0; cell < 81; cell++) {
    const digit = grid[cell];
    if (!digit) continue;
    for (const peer of PEERS[cell]) {
      if (grid[peer] === digit) {
        clashing.add(cell);
        break;
      }
    }
  }
  return clashing;
}

/** Every cell filled and no clash: a valid sudoku grid, so the puzzle is solved. */
export function isSolved(grid: Grid): boolean {
  return grid.length === 81 && grid.every((d) => d >= 1 && d <= 9) && conflicts(grid).size === 0;
}
