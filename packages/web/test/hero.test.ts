import { describe, expect, it } from 'vitest';
import {
  HERO_CATEGORY_MS,
  HERO_ERROR_SKIP_MS,
  HERO_SLUG_INTERVAL_MS,
  HERO_SLUGS_PER_PATTERN,
  HERO_TRANSITION_MS,
} from '../src/routes/landing/hero.js';

describe('hero timings (product spec §9)', () => {
  it('shows 5 slugs per pattern, 1500 ms each, 500 ms transition: 8000 ms per category; errors skip after 1000 ms', () => {
    expect([HERO_SLUGS_PER_PATTERN, HERO_SLUG_INTERVAL_MS, HERO_TRANSITION_MS]).toEqual([5, 1500, 500]);
    expect(HERO_CATEGORY_MS).toBe(8000);
    expect(HERO_ERROR_SKIP_MS).toBe(1000);
  });
});
