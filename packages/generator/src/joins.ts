import { PatternError } from './errors.js';

/**
 * What a component's outputs look like, to tell whether neighbouring placeholders can run
 * together: `{adjective}{noun}` gives "boast"+"er" and "boa"+"ster" the same slug. Each component
 * is injective on its own; G2 needs the whole slug to be, so such joins are rejected.
 */
export interface JoinInfo {
  /** Every UTF-16 unit an output may contain. */
  chars: Set<string>;
  /** Every unit an output may start with. */
  firsts: Set<string>;
  /** All outputs have this length (units), or null. */
  fixedLength: number | null;
  canBeEmpty: boolean;
  /** Every output starts with an upper-case letter. */
  upperStart: boolean;
  /** Some output has an upper-case letter after its first unit. */
  innerUpper: boolean;
  /** Outputs may come in any letter case (mixed-case words): compare case-insensitively. */
  anyCase: boolean;
  /** All outputs, when few enough to list (for the exact check), else null. */
  strings: () => string[] | null;
}

/** Components with more outputs than this are not listed; a soft join next to one is rejected. */
export const JOIN_LIST_LIMIT = 200_000;

const isUpper = (c: string) => c !== c.toLowerCase() && c === c.toUpperCase();

export function joinInfoOf(strings: string[], opts: { anyCase?: boolean } = {}): JoinInfo {
  const anyCase = opts.anyCase === true;
  const chars = new Set<string>();
  const firsts = new Set<string>();
  let fixed: number | null = strings.length > 0 ? strings[0].length : null;
  let upperStart = strings.length > 0;
  let innerUpper = false;
  for (const s of strings) {
    if (s.length !== fixed) fixed = null;
    if (s.length > 0) {
      firsts.add(s[0]);
      if (anyCase) firsts.add(s[0].toUpperCase()).add(s[0].toLowerCase());
    }
    if (!(s.length > 0 && isUpper(s[0]))) upperStart = false;
    for (let i = 0; i < s.length; i++) {
      chars.add(s[i]);
      if (anyCase) chars.add(s[i].toUpperCase()).add(s[i].toLowerCase());
      if (i > 0 && isUpper(s[i])) innerUpper = true;
    }
  }
  return {
    chars,
    firsts,
    fixedLength: fixed,
    canBeEmpty: strings.includes(''),
    upperStart: upperStart && !anyCase,
    innerUpper: innerUpper || anyCase,
    anyCase,
    strings: () => strings,
  };
}

/** Outputs of a fixed length over an alphabet (numbers, specials): never listed. */
export function alphabetInfo(alphabet: string, length: number | null, canBeEmpty: boolean): JoinInfo {
  const chars = new Set(alphabet);
  return {
    chars,
    firsts: chars,
    fixedLength: length,
    canBeEmpty,
    upperStart: false,
    innerUpper: [...alphabet].some(isUpper),
    anyCase: false,
    strings: () => null,
  };
}

interface Placed {
  info: JoinInfo;
  label: string;
  start: number;
  end: number;
}

/**
 * Is the end of a run of components (`run`) found without knowing how the run splits? True when
 * the next text starts with a unit the run never contains, when the next output starts with a
 * capital the run never has after its first unit, or when a single component has a fixed length.
 */
function endIsMarked(run: Placed[], chunk: string, next: Placed | undefined): boolean {
  if (run.length === 1 && run[0].info.fixedLength !== null) return true;
  // Asked of each part rather than of one union: an emoji list alone has thousands of units.
  const inRun = (c: string) => run.some((p) => p.info.chars.has(c));
  if (chunk !== '') return !inRun(chunk[0]);
  if (!next) return true; // the end of the slug
  if (next.info.canBeEmpty) return false;
  let shared = false;
  for (const c of next.info.firsts) {
    shared = inRun(c);
    if (shared) break;
  }
  if (!shared) return true;
  return next.info.upperStart && run.every((p) => !p.info.innerUpper) && !run[0].info.canBeEmpty;
}

/** Two outputs of `a`, one a proper prefix of the other, grouped by the tail between them. */
function prefixTails(a: string[]): Map<string, [string, string]> {
  const sorted = [...new Set(a)].sort();
  const tails = new Map<string, [string, string]>();
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length && sorted[j].startsWith(sorted[i]); j++) {
      const t = sorted[j].slice(sorted[i].length);
      if (!tails.has(t)) tails.set(t, [sorted[i], sorted[j]]);
    }
  }
  return tails;
}

/** First index in sorted `list` whose entry is ≥ `key`. */
function lowerBound(list: string[], key: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * What the collision check works out about a list of outputs, kept as long as the list lives:
 * cached components hand the same lists to every pattern that uses them, and sorting a
 * dictionary's worth of words again for each pattern would cost more than the rest of a compile.
 */
interface ListFacts {
  lower?: string[];
  tails?: Map<string, [string, string]>;
  sorted?: string[];
  members?: Set<string>;
}
const listFacts = new WeakMap<string[], ListFacts>();
function factsOf(list: string[]): ListFacts {
  let facts = listFacts.get(list);
  if (!facts) {
    facts = {};
    listFacts.set(list, facts);
  }
  return facts;
}

function lowerCased(list: string[]): string[] {
  const facts = factsOf(list);
  facts.lower ??= list.map((s) => s.toLowerCase());
  return facts.lower;
}

/**
 * An example of two different (a, b) pairs with a + chunk + b equal, or null: a + c + b =
 * a·t + c + b' needs c + b = t + c + b', so b starts with (t + c) minus its first |c| units and
 * the rest of b is another output b'.
 */
function collision(a: string[], chunk: string, b: string[]): [string, string, string, string] | null {
  const ofA = factsOf(a);
  const ofB = factsOf(b);
  ofA.tails ??= prefixTails(a);
  ofB.sorted ??= [...new Set(b)].sort();
  ofB.members ??= new Set(ofB.sorted);
  const bSorted = ofB.sorted;
  const bSet = ofB.members;
  for (const [t, [short, long]] of ofA.tails) {
    const s = t + chunk;
    if (!s.startsWith(chunk)) continue;
    const p = s.slice(chunk.length);
    for (let i = lowerBound(bSorted, p); i < bSorted.length && bSorted[i].startsWith(p); i++) {
      const rest = bSorted[i].slice(p.length);
      if (bSet.has(rest)) return [short, bSorted[i], long, rest];
    }
  }
  return null;
}

function runTogether(
  first: Placed,
  second: Placed,
  collision?: [string, string, string, string],
): PatternError {
  const params = { first: first.label, second: second.label, ...(collision ? { collision } : {}) };
  return new PatternError('run-together', first.start, second.end, [], params);
}

/**
 * Throws a PatternError when two different value tuples could render to the same slug. Neighbours
 * whose boundary is not marked (see `endIsMarked`) form a run; a run is fine when at most one of
 * its parts has a variable length, or when it is two listable parts with no collision.
 */
export function checkJoins(placed: Placed[], chunks: string[]): void {
  let run: Placed[] = [];
  for (let i = 0; i < placed.length; i++) {
    run.push(placed[i]);
    if (!endIsMarked(run, chunks[i + 1], placed[i + 1])) continue;
    // With the run's start and end known, one part of unknown length is found by subtraction.
    const variable = run.filter((p) => p.info.fixedLength === null).length;
    if (variable <= 1) {
      run = [];
      continue;
    }
    if (run.length === 2) {
      const [x, y] = run;
      const fold = x.info.anyCase || y.info.anyCase;
      const sx = x.info.strings();
      const sy = y.info.strings();
      if (!sx || !sy) throw runTogether(x, y);
      const f = (list: string[]) => (fold ? lowerCased(list) : list);
      const c = chunks[placed.indexOf(x) + 1];
      const hit = collision(f(sx), fold ? c.toLowerCase() : c, f(sy));
      if (hit) throw runTogether(x, y, hit);
    } else if (run.length > 2) {
      throw runTogether(run[0], run[run.length - 1]);
    }
    run = [];
  }
}
