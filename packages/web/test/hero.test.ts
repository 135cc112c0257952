import { describe, expect, it } from 'vitest';
import {
  HERO_CATEGORY_MS,
  HERO_ERROR_SKIP_MS,
  HERO_SLUG_INTERVAL_MS,
  HERO_SLUGS_PER_PATTERN,
  HERO_TRANSITION_MS,
} from '../src/routes/landing/hero.js';
import {
  CARD_COLOURS,
  CARD_PATTERNS,
  cardColour,
  SKELETON_CARDS,
} from '../src/routes/landing/use-case-gallery.js';

describe('hero timings (product spec §9)', () => {
  it('shows 5 slugs per pattern, 1500 ms each, 500 ms transition: 8000 ms per category; errors skip after 1000 ms', () => {
    expect([HERO_SLUGS_PER_PATTERN, HERO_SLUG_INTERVAL_MS, HERO_TRANSITION_MS]).toEqual([5, 1500, 500]);
    expect(HERO_CATEGORY_MS).toBe(8000);
    expect(HERO_ERROR_SKIP_MS).toBe(1000);
  });
});

describe('use-case gallery (product spec §2.8, §9)', () => {
  it('shows at most 3 patterns per card and 6 skeleton cards; the card colours cycle through 7 options', () => {
    expect([CARD_PATTERNS, SKELETON_CARDS]).toEqual([3, 6]);
    expect(new Set(CARD_COLOURS).size).toBe(7);
    const colours = Array.from({ length: 15 }, (_, i) => cardColour(i));
    expect(colours.slice(0, 7)).toEqual([...CARD_COLOURS]);
    expect(colours.slice(7, 14)).toEqual([...CARD_COLOURS]);
    expect(colours[14]).toBe(CARD_COLOURS[0]);
  });
});
