import { type AdminPlan, MAX_QUANTITY, type Subscription } from '@slugsmith/contract';
import { describe, expect, it } from 'vitest';
import { queryString } from '../src/lib/admin-api.js';
import {
  documentTitle,
  languagesFor,
  normaliseTags,
  pageCount,
  publicPath,
} from '../src/routes/admin/docs/doc-helpers.js';
import {
  acknowledgeable,
  editable,
  parsePayload,
  retryable,
} from '../src/routes/admin/events/event-actions.js';
import {
  cancelBody,
  createSubscriptionForm,
  dayOf,
  isoOfDay,
  subscriptionToForm,
  updateSubscriptionForm,
} from '../src/routes/admin/orgs/subscription-form.js';
import {
  amountText,
  emptyFeatures,
  formToPrice,
  parseAmount,
  planCreateForm,
  planToForm,
  planUpdateForm,
  sortPlans,
} from '../src/routes/admin/plans/plan-form.js';
import { ADMIN_SECTIONS, activeSection } from '../src/routes/admin/sections.js';
import { canWrite, staffLevel } from '../src/routes/admin/staff.js';

const plan = (over: Partial<AdminPlan> = {}): AdminPlan => ({
  slug: 'pro',
  name: 'Pro',
  description: 'For teams',
  plan_type: 'saas',
  display_order: 2,
  free: false,
  custom_features: false,
  custom_plan: false,
  state: 'active',
  subscribable: true,
  prices: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      period: 'monthly',
      amount: 1900,
      currency: 'USD',
      per_node: false,
    },
  ],
  features: { ...emptyFeatures(), max_series: 10, forge_enabled: true, sla_availability: '99.9%' },
  translations: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('staff levels', () => {
  it('reads the level the server reads, and only admin writes', () => {
    expect(staffLevel({ admin: true })).toBe('admin');
    expect(staffLevel({ support: true })).toBe('support');
    expect(staffLevel({ admin: true, support: true })).toBe('admin');
    expect(staffLevel({})).toBeNull();
    expect(staffLevel(null)).toBeNull();
    expect(canWrite('admin')).toBe(true);
    expect(canWrite('support')).toBe(false);
    expect(canWrite(null)).toBe(false);
  });
});

describe('the side navigation', () => {
  it('names the section of every admin path, details included', () => {
    expect(activeSection('/admin')).toBe('dashboard');
    expect(activeSection('/admin/')).toBe('dashboard');
    expect(activeSection('/admin/organizations/acme')).toBe('organizations');
    expect(activeSection('/admin/subscription-plans')).toBe('plans');
    expect(activeSection('/admin/docs/getting-started')).toBe('docs');
    expect(activeSection('/admin/local/events')).toBe('events');
    expect(activeSection('/admin/paddle/transactions/txn_1')).toBe('payments');
    expect(activeSection('/admin/local/customers')).toBe('payments');
    expect(activeSection('/admin/users')).toBe('users');
    expect(activeSection('/admin/audit')).toBe('audit');
    expect(activeSection('/dashboard')).toBeNull();
    expect(ADMIN_SECTIONS.find((s) => s.id === 'events')?.path('paddle')).toBe('/admin/paddle/events');
  });
});

describe('plan editor values', () => {
  it('amounts in major units become minor units, per the currency', () => {
    expect(parseAmount('19', 'USD')).toBe(1900);
    expect(parseAmount('19.5', 'USD')).toBe(1950);
    expect(parseAmount('19,05', 'EUR')).toBe(1905);
    expect(parseAmount(' 0.99 ', 'USD')).toBe(99);
    expect(parseAmount('1200', 'JPY')).toBe(1200);
    expect(parseAmount('12.5', 'JPY')).toBeNull();
    expect(parseAmount('19.999', 'USD')).toBeNull();
    expect(parseAmount('-1', 'USD')).toBeNull();
    expect(parseAmount('twelve', 'USD')).toBeNull();
    expect(amountText(1905, 'USD')).toBe('19.05');
    expect(amountText(7, 'USD')).toBe('0.07');
    expect(amountText(1200, 'JPY')).toBe('1200');
  });

  it('a price row is checked before it is sent', () => {
    const row = {
      period: 'annual' as const,
      amount: '179',
      currency: 'usd',
      per_node: false,
      trial_days: '',
    };
    expect(formToPrice(row)).toEqual({
      period: 'annual',
      amount: 17900,
      currency: 'USD',
      per_node: false,
      trial_days: 0,
    });
    expect(formToPrice({ ...row, trial_days: '14' })).toMatchObject({ trial_days: 14 });
    // A perpetual licence has no trial, whatever the field held before the period changed.
    expect(formToPrice({ ...row, period: 'perpetual', trial_days: '14' })).toMatchObject({ trial_days: 0 });
    expect(formToPrice({ ...row, trial_days: '366' })).toBeNull();
    expect(formToPrice({ ...row, trial_days: '-1' })).toBeNull();
    expect(formToPrice({ ...row, currency: 'US' })).toBeNull();
    expect(formToPrice({ ...row, amount: '' })).toBeNull();
  });

  it('an update sends only what changed, features key by key', () => {
    const original = plan();
    const values = planToForm(original);
    expect(planUpdateForm.body({ original, values })).toEqual({});
    values.description = 'For bigger teams';
    values.limits.max_series = 25;
    values.switches.mint_enabled = true;
    values.sla.sla_availability = '';
    expect(planUpdateForm.errors({ original, values })).toEqual({});
    expect(planUpdateForm.body({ original, values })).toEqual({
      description: 'For bigger teams',
      features: { max_series: 25, mint_enabled: true, sla_availability: null },
    });
  });

  it('refusals name the editor field with the contract’s message', () => {
    const values = planToForm(plan());
    values.name = ' ';
    values.limits.req_per_minute = '1.5';
    values.limits.max_series = -2;
    const errors = planUpdateForm.errors({ original: plan(), values });
    expect(errors.name).toEqual({ key: 'errors:validation.required' });
    expect(errors['limits.max_series']).toEqual({
      key: 'errors:validation.minValue',
      values: { min: -1 },
    });
    expect(errors['limits.req_per_minute']).toEqual({ key: 'errors:validation.invalidFormat' });
  });

  it('a new plan is a draft with every feature key, and its typed prices go with it', () => {
    const values = planToForm();
    expect(values.state).toBe('draft');
    values.slug = 'growth';
    values.name = 'Growth';
    const draft = {
      values,
      prices: [{ period: 'monthly' as const, amount: 4900, currency: 'USD', per_node: false }],
    };
    expect(planCreateForm.errors(draft)).toEqual({});
    const body = planCreateForm.body(draft);
    expect(body.state).toBe('draft');
    expect(Object.keys(body.features)).toHaveLength(Object.keys(emptyFeatures()).length);
    expect(body.prices).toHaveLength(1);
    expect(
      planCreateForm.errors({ values: { ...values, slug: 'Not A Slug' }, prices: [] }).slug,
    ).toBeDefined();
  });

  it('lists plans by type, then display order, then name', () => {
    const sorted = sortPlans([
      plan({ slug: 'op', name: 'On-prem', plan_type: 'on_premise', display_order: 0 }),
      plan({ slug: 'b', name: 'B', display_order: 1 }),
      plan({ slug: 'a', name: 'A', display_order: 1 }),
      plan({ slug: 'free', name: 'Free', display_order: 0 }),
    ]);
    expect(sorted.map((p) => p.slug)).toEqual(['free', 'a', 'b', 'op']);
  });
});

describe('subscription editor values', () => {
  const subscription: Subscription = {
    id: '7f1c1d2e-0000-4000-8000-000000000000',
    plan: {
      slug: 'team',
      name: 'Team',
      plan_type: 'saas',
      free: false,
      custom_features: false,
      custom_plan: false,
    },
    state: 'active',
    effective: true,
    quantity: 1,
    unit: 'unit',
    started_at: '2026-03-04T10:20:30.000Z',
    trial_until: null,
    renews_at: '2026-04-04T00:00:00.000Z',
    ends_at: null,
    billing: null,
  };

  it('dates are whole UTC days', () => {
    expect(dayOf('2026-03-04T23:59:00.000Z')).toBe('2026-03-04');
    expect(dayOf(null)).toBe('');
    expect(isoOfDay('2026-03-04')).toBe('2026-03-04T00:00:00.000Z');
    expect(isoOfDay('')).toBeNull();
    expect(isoOfDay('2026-02-30')).toBeUndefined();
    expect(isoOfDay('4 March')).toBeUndefined();
  });

  it('an edit sends only what changed; an unchanged start keeps its time of day', () => {
    const values = subscriptionToForm(subscription);
    expect(updateSubscriptionForm.body({ original: subscription, values })).toEqual({});
    values.state = 'past_due';
    values.quantity = '3';
    values.renews_at = '';
    values.ends_at = '2026-12-31';
    const edit = { original: subscription, values };
    expect(updateSubscriptionForm.errors(edit)).toEqual({});
    expect(updateSubscriptionForm.body(edit)).toEqual({
      state: 'past_due',
      quantity: 3,
      renews_at: null,
      ends_at: '2026-12-31T00:00:00.000Z',
    });
  });

  it('refuses what the contract refuses: a bad quantity, a bad date, a missing plan', () => {
    const values = { ...subscriptionToForm(), quantity: 0, ends_at: '31/12/2026' };
    expect(createSubscriptionForm.errors(values)).toEqual({
      quantity: { key: 'errors:validation.minValue', values: { min: 1 } },
      ends_at: { key: 'admin:subs.errors.date' },
      plan: { key: 'errors:validation.required' },
    });
    const good = { ...subscriptionToForm(), plan: 'team', quantity: 2 };
    expect(createSubscriptionForm.errors(good)).toEqual({});
    expect(createSubscriptionForm.body(good)).toEqual({
      plan: 'team',
      state: 'active',
      quantity: 2,
      trial_until: null,
      renews_at: null,
      ends_at: null,
    });
  });

  it('takes the quantity the checkout takes, no more (one Quantity in the contract)', () => {
    const values = { ...subscriptionToForm(), plan: 'team' };
    const quantity = (q: number | string) =>
      createSubscriptionForm.errors({ ...values, quantity: q }).quantity;
    expect(quantity(MAX_QUANTITY)).toBeUndefined();
    expect(quantity(MAX_QUANTITY + 1)).toEqual({
      key: 'errors:validation.maxValue',
      values: { max: MAX_QUANTITY },
    });
    expect(quantity('')).toEqual({ key: 'errors:validation.required' });
    expect(quantity('2.5')?.key).toBeDefined();
    const edit = {
      original: subscription,
      values: { ...subscriptionToForm(subscription), quantity: 'many' },
    };
    expect(updateSubscriptionForm.errors(edit).quantity).toEqual({ key: 'errors:validation.invalidFormat' });
  });

  it('cancelling ends the subscription now', () => {
    const now = new Date('2026-05-06T07:08:09.000Z');
    expect(cancelBody(now)).toEqual({ state: 'cancelled', ends_at: '2026-05-06T07:08:09.000Z' });
  });
});

describe('documents', () => {
  const doc = {
    slug: 'guide',
    translations: [
      { language: 'de', title: 'Leitfaden', updated_at: '', seeded: false },
      { language: 'en', title: 'Guide', updated_at: '', seeded: false },
    ],
  };

  it('shows the reader’s language’s title, else English, else the slug', () => {
    expect(documentTitle(doc, 'de-DE')).toBe('Leitfaden');
    expect(documentTitle(doc, 'fr-FR')).toBe('Guide');
    expect(documentTitle({ slug: 'empty', translations: [] }, 'en-GB')).toBe('empty');
  });

  it('lists the languages a document has first, then the missing ones', () => {
    const languages = languagesFor(doc);
    expect(languages.slice(0, 2)).toEqual([
      { code: 'en', present: true },
      { code: 'de', present: true },
    ]);
    expect(languages).toHaveLength(10);
    expect(languages.filter((l) => !l.present).map((l) => l.code)).toContain('sr-Latn');
  });

  it('tags, public paths and page counts', () => {
    expect(normaliseTags([' Guide', 'guide', '', 'API '])).toEqual(['guide', 'api']);
    expect(publicPath('docs', 'a b')).toBe('/docs/a%20b');
    expect(publicPath('landing', 'hero')).toBeNull();
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
  });
});

describe('payment events and list queries', () => {
  it('retries failed or acknowledged events and acknowledges unprocessed ones', () => {
    expect(retryable({ state: 'failed' })).toBe(true);
    expect(retryable({ state: 'acknowledged' })).toBe(true);
    expect(retryable({ state: 'processed' })).toBe(false);
    expect(acknowledgeable({ state: 'received' })).toBe(true);
    expect(acknowledgeable({ state: 'processed' })).toBe(false);
    expect(editable({ state: 'failed' })).toBe(true);
    expect(editable({ state: 'processed' })).toBe(false);
  });

  it('takes a corrected payload only as a JSON object', () => {
    expect(parsePayload('{"event_id":"evt_1","data":{"id":"sub_1"}}')).toEqual({
      event_id: 'evt_1',
      data: { id: 'sub_1' },
    });
    expect(parsePayload('[1, 2]')).toBeNull();
    expect(parsePayload('null')).toBeNull();
    expect(parsePayload('"text"')).toBeNull();
    expect(parsePayload('{ not json')).toBeNull();
  });

  it('builds query strings from the defined values only', () => {
    expect(queryString({ offset: 0, limit: 20, q: 'a b', state: undefined, plan: '' })).toBe(
      '?offset=0&limit=20&q=a+b',
    );
    expect(queryString({ tags: ['x', 'y'] })).toBe('?tags=x&tags=y');
    expect(queryString({})).toBe('');
  });
});
