import type { Element, ParsedPattern } from './ast.js';
import { type Casing, casingOf } from './casing.js';

const SELECTOR_CASE_COST: Record<Casing, number> = { 'as-is': 0, upper: 2, title: 3, mixed: 6 };

/** The reference scoring of one placeholder (generator.md §5): written text only, no words. */
export function complexityOf(el: Element): number {
  switch (el.type) {
    case 'selector': {
      const tagCount = el.include.length + el.exclude.length;
      const sizeCost = el.sizeLimit ? 2 + (tagCount > 0 ? 1 : 0) : 0;
      return 5 + 2 * tagCount + sizeCost + SELECTOR_CASE_COST[casingOf(el.kind)];
    }
    case 'number':
      return 3;
    case 'special':
      return 4 + Math.max(0, el.min - 2) + (el.max > el.min ? 2 * (el.max - el.min) : 0);
    case 'emoji':
      return 5;
  }
}

/** What plan limits compare, from the parse alone: known before any word list is built. */
export interface PatternMeasure {
  components: number;
  complexity: number;
}

export function measureParsed(parsed: ParsedPattern): PatternMeasure {
  return {
    components: parsed.elements.length,
    complexity: parsed.elements.reduce((sum, el) => sum + complexityOf(el), 0),
  };
}
