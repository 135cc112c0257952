import { describe, expect, it } from 'vitest';
import {
  boxOf,
  colOf,
  conflicts,
  countSolutions,
  isPuzzleSlug,
  isSolved,
  MIN_GIVENS,
  puzzleFromSlug,
  rowOf,
  seededRandom,
  solve,
} from '../src/routes/sudoku/sudoku-puzzle.js';

const SLUGS = ['brave-otter-042', 'quiet-harbour-917', 'x', 'Ωμέγα-slug', 'calm-river-001'];

/** Every row, column and box holds 1..9 exactly once. */
function validComplete(grid: readonly number[]): boolean {
  for (const unit of [rowOf, colOf, boxOf])
    for (let u = 0; u < 9; u++) {
      const digits = grid.filter((_, cell) => unit(cell) === u).sort();
      if (digits.join('') !== '123456789') return false;
    }
  return true;
}

describe('sudoku puzzles named by slugs', () => {
  it('gives the same puzzle for the same slug, whatever its case and surrounding space', () => {
    const a = puzzleFromSlug('brave-otter-042');
    expect(puzzleFromSlug('brave-otter-042')).toEqual(a);
    expect(puzzleFromSlug('  Brave-Otter-042 ').givens).toEqual(a.givens);
    expect(puzzleFromSlug('  Brave-Otter-042 ').slug).toBe('brave-otter-042');
  });

  it('gives different puzzles for different slugs', () => {
    const givens = new Set(SLUGS.map((s) => puzzleFromSlug(s).givens.join('')));
    expect(givens.size).toBe(SLUGS.length);
  });

  it('has a valid complete solution that agrees with every given', () => {
    for (const slug of SLUGS) {
      const { givens, solution } = puzzleFromSlug(slug);
      expect(validComplete(solution), slug).toBe(true);
      givens.forEach((d, cell) => {
        if (d) expect(solution[cell], `${slug} cell ${cell}`).toBe(d);
      });
      expect(conflicts(givens).size, slug).toBe(0);
    }
  });

  it('has exactly one solution, and at least MIN_GIVENS givens', () => {
    for (const slug of SLUGS) {
      const { givens, solution } = puzzleFromSlug(slug);
      expect(countSolutions(givens), slug).toBe(1);
      expect(solve(givens), slug).toEqual(solution);
      const kept = givens.filter((d) => d > 0).length;
      expect(kept, slug).toBeGreaterThanOrEqual(MIN_GIVENS);
      expect(kept, slug).toBeLessThan(81 - 30);
    }
  });

  it('counts several solutions when a grid has them, none when givens clash', () => {
    expect(countSolutions(new Array(81).fill(0))).toBe(2);
    const { solution } = puzzleFromSlug('calm-river-001');
    // Emptying one full band of a solved grid leaves the rows' order within the band open.
    const open = solution.map((d, cell) => (rowOf(cell) < 3 ? 0 : d));
    expect(countSolutions(open, 10)).toBeGreaterThan(1);
    const clash = [...solution];
    clash[1] = clash[0];
    expect(countSolutions(clash)).toBe(0);
    expect(solve(clash)).toBeNull();
  });

  it('marks the clashing cells and says solved only for a full grid without clashes', () => {
    const { givens, solution } = puzzleFromSlug('quiet-harbour-917');
    expect(isSolved(solution)).toBe(true);
    expect(isSolved(givens)).toBe(false);
    const wrong = [...solution];
    // Swap two cells of the first row: full, but two columns now hold a digit twice.
    [wrong[0], wrong[1]] = [wrong[1], wrong[0]];
    expect(isSolved(wrong)).toBe(false);
    const marked = conflicts(wrong);
    expect(marked.has(0)).toBe(true);
    expect(marked.has(1)).toBe(true);
    const row = new Array(81).fill(0);
    row[0] = 5;
    row[8] = 5;
    row[40] = 5;
    expect([...conflicts(row)].sort((a, b) => a - b)).toEqual([0, 8]);
  });

  it('seeds the same random sequence from the same text', () => {
    const a = seededRandom('seed');
    const b = seededRandom('seed');
    const c = seededRandom('seeds');
    const seqA = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(seqA);
    expect(Array.from({ length: 5 }, c)).not.toEqual(seqA);
    for (const x of seqA) expect(x >= 0 && x < 1).toBe(true);
  });

  it('accepts slugs as puzzle names, refuses empty, overlong and control characters', () => {
    expect(isPuzzleSlug('brave-otter-042')).toBe(true);
    expect(isPuzzleSlug('  ')).toBe(false);
    expect(isPuzzleSlug('a'.repeat(81))).toBe(false);
    expect(isPuzzleSlug('a\u0007b')).toBe(false);
  });
});
