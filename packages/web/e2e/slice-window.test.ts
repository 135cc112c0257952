/**
 * The series dashboard's Slice panel opens where the plan lets a slice start: a slice may start at
 * most `slice_window_back` positions behind the ids handed out, so a series past that many ids
 * opens on its window instead of a refusal at position 0. Against the real server in Chromium;
 * the window's rule itself is test/slice-panel.test.ts's.
 * Needs the built console (npm run build -w @slugsmith/web).
 */
import type { EffectiveLimits, PlanFeatures } from '@slugsmith/contract';
import { describe, expect, it } from 'vitest';
import { signUpWithApi, staffToken } from './api-sign-in.js';
import { apiAs, newPerson } from './real-server.js';
import { realSuite } from './real-suite.js';

describe('the Slice panel of a series past its plan window', () => {
  const suite = realSuite();

  it('opens at generated − slice_window_back, with the ids there handed out', async () => {
    const { server } = suite;
    const page = await suite.newPage();
    const token = await signUpWithApi(page, server, newPerson('slicer'));
    const org = await apiAs<{ slug: string }>(server, token, 'POST', '/orgs', { name: 'Window Works' });
    expect(org.status).toBe(201);
    const series = await apiAs<{ slug: string }>(server, token, 'POST', `/orgs/${org.body.slug}/series`, {
      name: 'Orders',
      pattern: '{adjective}-{noun}-{number:4d}',
    });
    expect(series.status).toBe(201);

    // A plan with Free's window (1,000 back) that lets the test hand out more than that at once.
    const staff = await staffToken(server);
    const base = await apiAs<{ features: PlanFeatures }>(
      server,
      staff,
      'GET',
      '/admin/subscriptions/enterprise',
    );
    const free = await apiAs<{ features: PlanFeatures }>(server, staff, 'GET', '/admin/subscriptions/free');
    const windowBack = free.body.features.slice_window_back;
    expect(windowBack).toBe(1_000);
    const plan = await apiAs(server, staff, 'POST', '/admin/subscriptions', {
      slug: 'slice-window',
      name: 'Slice window',
      plan_type: 'saas',
      display_order: 100,
      state: 'active',
      features: {
        ...base.body.features,
        slice_window_back: windowBack,
        slice_window_forward: free.body.features.slice_window_forward,
      },
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    const subscribed = await apiAs(server, staff, 'POST', `/admin/orgs/${org.body.slug}/subscriptions`, {
      plan: 'slice-window',
    });
    expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(201);
    const limits = await apiAs<EffectiveLimits[]>(server, token, 'GET', `/orgs/${org.body.slug}/limits`);
    expect(limits.body.find((l) => l.plan_type === 'saas')?.limits.slice_window_back).toBe(1_000);

    const seriesPath = `/orgs/${org.body.slug}/series/${series.body.slug}`;
    const minted = await apiAs<string[]>(server, token, 'POST', `${seriesPath}/mint`, { count: 1_010 });
    expect(minted.status, JSON.stringify(minted.body).slice(0, 200)).toBe(200);
    // Position 0 is out of the window now: the API refuses it.
    const fromZero = await apiAs(server, token, 'POST', `${seriesPath}/slice`, { sequence: '0', count: 10 });
    expect(fromZero.status).toBe(429);

    await page.goto(`/dashboard/org/${org.body.slug}/series/${series.body.slug}?tab=slice`);
    const table = page.getByTestId('slice-table');
    await table.waitFor();
    const rows = table.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(10);
    const positions = (await rows.locator('td:nth-child(1)').allInnerTexts()).map(
      (p) => p.trim().split('\n')[0],
    );
    expect(positions).toEqual(Array.from({ length: 10 }, (_, i) => String(10 + i)));
    expect(await page.getByTestId('slice-sequence').inputValue()).toBe('10');
    // The ids there are the ones minted at those positions, handed out.
    const shown = (await rows.locator('td:nth-child(2)').allInnerTexts()).map((s) => s.trim());
    expect(shown).toEqual(minted.body.slice(10, 20));
    for (let i = 0; i < 10; i++) expect(await rows.nth(i).getByText('Handed out').count()).toBeGreaterThan(0);
    expect(await page.getByText(/too far behind/).count()).toBe(0);
    // Paging back stops at the window's start.
    expect(await page.getByTestId('slice-previous').isDisabled()).toBe(true);
    await page.getByTestId('slice-next').click();
    await expect.poll(() => page.getByTestId('slice-sequence').inputValue()).toBe('20');
    await page.getByTestId('slice-previous').click();
    await expect.poll(() => page.getByTestId('slice-sequence').inputValue()).toBe('10');
    expect(await page.getByTestId('slice-previous').isDisabled()).toBe(true);
  });
});
