import { describe, expect, it } from 'vitest';
import {
  CheckoutItem,
  CreateSubscription,
  MAX_QUANTITY,
  quantityUnitOf,
  UpdateSubscription,
} from '../src/index.js';

const price = '00000000-0000-4000-8000-000000000000';

describe('one quantity for checkout and staff', () => {
  it('takes the same bounds whether bought or assigned', () => {
    const bodies = [
      (quantity: number) => CheckoutItem.safeParse({ price, quantity }),
      (quantity: number) => CreateSubscription.safeParse({ plan: 'team', quantity }),
      (quantity: number) => UpdateSubscription.safeParse({ quantity }),
    ];
    for (const body of bodies) {
      expect(body(1).success).toBe(true);
      expect(body(MAX_QUANTITY).success).toBe(true);
      expect(body(MAX_QUANTITY + 1).success).toBe(false);
      expect(body(0).success).toBe(false);
      expect(body(2.5).success).toBe(false);
    }
  });

  it('counts nodes on on-premise plans only', () => {
    expect(quantityUnitOf('on_premise')).toBe('node');
    expect(quantityUnitOf('saas')).toBe('unit');
    expect(quantityUnitOf('other')).toBe('unit');
  });
});
