import { describe, expect, it } from 'vitest';
import { formatTitle, titleParts } from '../src/lib/titles.js';

const names: Record<string, string> = {
  landing: 'Human-Readable ID Generation',
  playground: 'Playground',
  docs: 'Documentation',
  doc: 'Doc',
  plan: 'Subscription Plan',
  orgDashboard: 'Organization Dashboard',
  seriesDashboard: 'Series Dashboard',
  editDocument: 'Edit Document',
  adminDashboard: 'Admin Dashboard',
  admin: 'Admin',
};
const title = (path: string) => formatTitle(titleParts(path), (k) => names[k] ?? k);

describe('page titles (§2.5)', () => {
  it('uses "{Page} - Slugsmith"', () => {
    expect(title('/')).toBe('Human-Readable ID Generation - Slugsmith');
    expect(title('/playground')).toBe('Playground - Slugsmith');
    expect(title('/playground/')).toBe('Playground - Slugsmith');
  });

  it('derives titles from path shapes', () => {
    expect(title('/docs/getting-started')).toBe('Documentation - Slugsmith');
    expect(title('/articles/why-slugs')).toBe('Doc - Slugsmith');
    expect(title('/products/pro')).toBe('Subscription Plan - Slugsmith');
    expect(title('/products/feature-matrix')).toBe('featureMatrix - Slugsmith');
    expect(title('/dashboard/org/acme')).toBe('Organization Dashboard - Slugsmith');
    expect(title('/dashboard/org/acme/series/orders')).toBe('Series Dashboard - Slugsmith');
  });

  it('adds Admin to admin titles', () => {
    expect(title('/admin')).toBe('Admin Dashboard - Admin - Slugsmith');
    expect(title('/admin/docs/intro')).toBe('Edit Document - Admin - Slugsmith');
    expect(title('/admin/local/transactions/tx_1')).toBe('payments.transactions - Admin - Slugsmith');
    expect(title('/admin/users')).toBe('users - Admin - Slugsmith');
    expect(title('/admin/settings')).toBe('settings - Admin - Slugsmith');
    expect(title('/admin/audit')).toBe('audit - Admin - Slugsmith');
  });

  it('gives the brand alone for anything else', () => {
    expect(title('/authn-callback')).toBe('Slugsmith');
    expect(title('/nowhere/at/all')).toBe('Slugsmith');
  });
});
