import { describe, expect, it } from 'vitest';
import { limitsInForce, planSdkAccess, seriesMaximum } from '../../src/model/plan-limits.js';

const limits = (plan_type: string, plan_name: string, max_series: number, sdk_access: boolean) => ({
  plan_type,
  plan_name,
  limits: { max_series, sdk_access },
});

describe('the limits in force', () => {
  const site = limits('on_premise', 'Site', 100, true);
  const free = limits('saas', 'Free', 3, false);

  it('goes by the SaaS plan, else the first listed, unknown until they load', () => {
    expect(limitsInForce(undefined)).toBeUndefined();
    expect(limitsInForce([])).toBeUndefined();
    expect(limitsInForce([site, free])).toBe(free);
    expect(limitsInForce([site])).toBe(site);
  });

  it('reads the series maximum (−1 unlimited) and SDK access from them', () => {
    expect(seriesMaximum(undefined)).toBeNull();
    expect(seriesMaximum([site, free])).toBe(3);
    expect(seriesMaximum([limits('saas', 'Pro', -1, true)])).toBe(-1);
    expect(planSdkAccess(undefined)).toBeNull();
    expect(planSdkAccess([site, free])).toEqual({ allowed: false, plan: 'Free' });
    expect(planSdkAccess([limits('saas', 'Pro', 10, true)])).toEqual({ allowed: true, plan: 'Pro' });
  });
});
