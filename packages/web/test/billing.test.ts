import { readFileSync } from 'node:fs';
import { DEFAULT_THEME } from '@mantine/core';
import type { Organisation, PublicPlan, Subscription, SubscriptionBilling } from '@slugsmith/contract';
import { SubscriptionState } from '@slugsmith/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_CODES } from '../src/i18n/languages.js';
import { ApiError, setAccessTokenSource } from '../src/lib/api.js';
import * as consoleApi from '../src/lib/console-api.js';
import { formatMoney } from '../src/lib/money.js';
import { billingErrorText, billingMessageKey } from '../src/routes/checkout/billing-messages.js';
import {
  ACTIVATION_TIMEOUT_MS,
  activationPhase,
  billingActions,
  billingLine,
  boughtSubscription,
  clampQuantity,
  defaultOrg,
  findPrice,
  orderQuantity,
  orderTotal,
  parseCheckoutParams,
  periodsOf,
  priceFor,
  prorationView,
  purchasablePlans,
  purchasingOrgs,
  quantityUnit,
  readPendingCheckout,
  STATE_COLOURS,
  subscriptionTabHref,
  transactionDescription,
} from '../src/routes/checkout/billing-model.js';
import { COUNTRY_CODES, countryOptions } from '../src/routes/checkout/countries.js';

const features = {} as PublicPlan['features'];
const plan = (slug: string, extra: Partial<PublicPlan> = {}): PublicPlan => ({
  slug,
  name: slug[0]?.toUpperCase() + slug.slice(1),
  description: '',
  language: 'en',
  plan_type: 'saas',
  display_order: 0,
  free: false,
  custom_features: false,
  custom_plan: false,
  state: 'active',
  subscribable: true,
  prices: [],
  features,
  ...extra,
});
const price = (
  id: string,
  period: PublicPlan['prices'][number]['period'],
  amount: number,
  per_node = false,
) => ({
  id,
  period,
  amount,
  currency: 'USD',
  per_node,
});

const pro = plan('pro', {
  prices: [price('p-a', 'annual', 17900), price('p-m', 'monthly', 1900), price('p-s', 'semi_annual', 9900)],
});
const team = plan('team', { prices: [price('t-m', 'monthly', 7900)] });
const free = plan('free', { free: true });
const enterprise = plan('enterprise', { custom_plan: true, prices: [price('e-m', 'monthly', 0)] });
const draft = plan('draft', { subscribable: false, prices: [price('d-m', 'monthly', 100)] });
const onPrem = plan('on-premise', {
  plan_type: 'on_premise',
  prices: [price('o-a', 'annual', 120000, true), price('o-p', 'perpetual', 480000, true)],
});

const billing = (extra: Partial<SubscriptionBilling> = {}): SubscriptionBilling => ({
  provider: 'local',
  provider_subscription_id: 'sub_1',
  price_id: 'p-m',
  period: 'monthly',
  cancel_at_period_end: false,
  current_period_start: '2026-11-01T00:00:00.000Z',
  current_period_end: '2026-12-01T00:00:00.000Z',
  next_payment: { amount: 1900, currency: 'USD' },
  ...extra,
});
const sub = (extra: Partial<Subscription> = {}): Subscription => ({
  id: 's1',
  plan: {
    slug: 'pro',
    name: 'Pro',
    plan_type: 'saas',
    free: false,
    custom_features: false,
    custom_plan: false,
  },
  state: 'active',
  effective: true,
  quantity: 1,
  unit: 'unit',
  started_at: '2026-11-01T00:00:00.000Z',
  trial_until: null,
  renews_at: '2026-12-01T00:00:00.000Z',
  ends_at: null,
  billing: billing(),
  ...extra,
});

describe('money in minor units', () => {
  it('writes cents as the locale writes money', () => {
    expect(formatMoney(1900, 'USD', 'en-US')).toBe('$19.00');
    expect(formatMoney(17900, 'USD', 'en-GB')).toBe('US$179.00');
    expect(formatMoney(1900, 'EUR', 'de-DE')).toBe('19,00\u00a0€');
    expect(formatMoney(-550, 'USD', 'en-US')).toBe('-$5.50');
  });
  it('knows currencies without minor units', () => {
    expect(formatMoney(1900, 'JPY', 'ja-JP')).toBe('￥1,900');
  });
  it('survives an unknown currency code', () => {
    expect(formatMoney(1234, 'ZZ', 'en-GB')).toBe('12.34 ZZ');
  });
  it('totals an order per unit or node', () => {
    expect(orderTotal({ amount: 120000 }, 3)).toBe(360000);
    expect(orderTotal({ amount: 1900 }, 1)).toBe(1900);
  });
});

describe('plans and prices on offer', () => {
  it('sells subscribable, priced, non-free, non-custom plans only', () => {
    expect(purchasablePlans([free, pro, team, enterprise, draft, onPrem]).map((p) => p.slug)).toEqual([
      'pro',
      'team',
      'on-premise',
    ]);
  });
  it('lists periods in a fixed order and finds a price by period or id', () => {
    expect(periodsOf(pro)).toEqual(['monthly', 'semi_annual', 'annual']);
    expect(periodsOf(undefined)).toEqual([]);
    expect(priceFor(pro, 'annual')?.id).toBe('p-a');
    expect(priceFor(team, 'annual')).toBeUndefined();
    expect(findPrice([pro, team], 't-m')?.plan.slug).toBe('team');
    expect(findPrice([pro, team], 'nope')).toBeUndefined();
    expect(findPrice([pro], null)).toBeUndefined();
  });
  it('counts nodes for on-premise plans and units otherwise', () => {
    expect(quantityUnit(onPrem)).toBe('node');
    expect(quantityUnit(pro)).toBe('unit');
    expect(quantityUnit(undefined)).toBe('unit');
  });
  it('orders per node for per-node prices and once otherwise', () => {
    expect(orderQuantity(priceFor(onPrem, 'annual'), 3)).toBe(3);
    expect(orderQuantity(priceFor(onPrem, 'annual'), 0)).toBe(1);
    expect(orderQuantity(priceFor(pro, 'monthly'), 3)).toBe(1);
    expect(orderQuantity(undefined, 3)).toBe(1);
  });
  it('keeps quantities whole and within the contract bounds', () => {
    expect(clampQuantity('3')).toBe(3);
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(20_000)).toBe(10_000);
    expect(clampQuantity('2.5', 4)).toBe(4);
    expect(clampQuantity('abc')).toBe(1);
    expect(clampQuantity(undefined, 2)).toBe(2);
  });
});

describe('the checkout address', () => {
  it('reads plan, period, quantity, organisation and country', () => {
    expect(
      parseCheckoutParams(new URLSearchParams('plan=pro&period=monthly&quantity=2&org=acme&country=de')),
    ).toEqual({ plan: 'pro', period: 'monthly', quantity: 2, org: 'acme', country: 'DE', cancelled: false });
  });
  it('defaults what is missing and drops what is malformed', () => {
    expect(parseCheckoutParams(new URLSearchParams('quantity=-4&country=Germany'))).toEqual({
      plan: null,
      period: null,
      quantity: 1,
      org: null,
      country: null,
      cancelled: false,
    });
  });
  it('recognises the provider sending the buyer back without paying', () => {
    expect(parseCheckoutParams(new URLSearchParams('cancelled=1')).cancelled).toBe(true);
    expect(parseCheckoutParams(new URLSearchParams('cancelled=true')).cancelled).toBe(true);
    expect(parseCheckoutParams(new URLSearchParams('status=cancelled')).cancelled).toBe(true);
    expect(parseCheckoutParams(new URLSearchParams('cancelled=0')).cancelled).toBe(false);
  });
  it('starts with the organisation asked for, else a team one before the personal one', () => {
    const org = (slug: string, personal = false) => ({ slug, personal }) as Organisation;
    const orgs = [org('me', true), org('team-a'), org('team-b')];
    expect(defaultOrg(orgs, 'team-b')?.slug).toBe('team-b');
    expect(defaultOrg(orgs, 'unknown')?.slug).toBe('team-a');
    expect(defaultOrg(orgs, null)?.slug).toBe('team-a');
    expect(defaultOrg([org('me', true)], null)?.slug).toBe('me');
    expect(defaultOrg([], null)).toBeUndefined();
  });
  it('offers only organisations the user owns or administers', () => {
    const org = (slug: string, role: Organisation['role']) => ({ slug, role }) as Organisation;
    expect(
      purchasingOrgs([org('a', 'owner'), org('b', 'member'), org('c', 'admin')]).map((o) => o.slug),
    ).toEqual(['a', 'c']);
  });
  it('lists every ISO country once, named in the page language', () => {
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    expect(COUNTRY_CODES.length).toBe(249);
    const de = countryOptions('de-DE');
    expect(de.find((c) => c.value === 'DE')?.label).toBe('Deutschland');
    expect(de.length).toBe(249);
  });
});

describe('after paying', () => {
  it('waits for the bought plan, active or trial, billed by the provider', () => {
    const freeSub = sub({ plan: { ...sub().plan, slug: 'free', free: true }, billing: null });
    expect(boughtSubscription([freeSub], 'pro')).toBeUndefined();
    expect(boughtSubscription([freeSub, sub({ state: 'pending' })], 'pro')).toBeUndefined();
    expect(boughtSubscription([freeSub, sub({ billing: null })], 'pro')).toBeUndefined();
    expect(boughtSubscription([freeSub, sub()], 'pro')?.id).toBe('s1');
    expect(boughtSubscription([freeSub, sub({ state: 'trial' })], 'pro')?.id).toBe('s1');
    expect(boughtSubscription([sub()], 'team')).toBeUndefined();
    // Without the remembered plan: any paid subscription the provider bills.
    expect(boughtSubscription([freeSub, sub()], null)?.id).toBe('s1');
  });
  it('waits, counts five seconds down once active, and gives up after a minute', () => {
    expect(activationPhase(10_000, 0, null)).toEqual({ phase: 'waiting' });
    expect(activationPhase(ACTIVATION_TIMEOUT_MS, 0, null)).toEqual({ phase: 'timeout' });
    expect(activationPhase(20_000, 0, 20_000)).toEqual({ phase: 'active', secondsLeft: 5 });
    expect(activationPhase(22_400, 0, 20_000)).toEqual({ phase: 'active', secondsLeft: 3 });
    expect(activationPhase(90_000, 0, 20_000)).toEqual({ phase: 'active', secondsLeft: 0 });
  });
  it('remembers the pending checkout of the same organisation only', () => {
    const raw = JSON.stringify({ org: 'acme', plan: 'pro', at: 5 });
    expect(readPendingCheckout(raw, 'acme')).toEqual({ org: 'acme', plan: 'pro', at: 5 });
    expect(readPendingCheckout(raw, 'other')).toBeNull();
    expect(readPendingCheckout('{broken', 'acme')).toBeNull();
    expect(readPendingCheckout(null, 'acme')).toBeNull();
  });
  it("redirects to the organisation's subscription tab", () => {
    expect(subscriptionTabHref('a b')).toBe('/dashboard/org/a%20b?tab=subscription');
  });
});

describe('the subscription card', () => {
  it('says when it renews and for how much', () => {
    expect(billingLine(sub())).toEqual({
      key: 'status.renewsOn',
      date: '2026-12-01T00:00:00.000Z',
      amount: { amount: 1900, currency: 'USD' },
    });
  });
  it('says when a scheduled cancellation takes effect', () => {
    expect(billingLine(sub({ billing: billing({ cancel_at_period_end: true }) }))).toEqual({
      key: 'status.cancelsOn',
      date: '2026-12-01T00:00:00.000Z',
    });
  });
  it('says until when a trial is free and what its first charge is', () => {
    expect(billingLine(sub({ state: 'trial', trial_until: '2026-11-15T00:00:00.000Z' }))).toEqual({
      key: 'status.trialUntil',
      date: '2026-11-15T00:00:00.000Z',
      amount: { amount: 1900, currency: 'USD' },
    });
    // A trial cancelled before its end says when it ends instead.
    expect(billingLine(sub({ state: 'trial', billing: billing({ cancel_at_period_end: true }) }))?.key).toBe(
      'status.cancelsOn',
    );
  });
  it('warns about a failed payment with the grace period', () => {
    expect(billingLine(sub({ state: 'past_due', ends_at: '2026-12-08T00:00:00.000Z' }))).toEqual({
      key: 'status.pastDue',
      date: '2026-12-08T00:00:00.000Z',
    });
  });
  it('says nothing of renewals for a perpetual licence or a subscription staff set', () => {
    expect(billingLine(sub({ billing: billing({ period: 'perpetual' }) }))).toBeNull();
    expect(billingLine(sub({ billing: null }))).toBeNull();
    expect(billingLine(sub({ state: 'cancelled', ends_at: '2026-12-01T00:00:00.000Z' }))?.key).toBe(
      'status.ended',
    );
  });
  it('offers the actions the state allows', () => {
    expect(billingActions(sub())).toEqual({ change: true, cancel: true, resume: false, paymentMethod: true });
    expect(billingActions(sub({ billing: billing({ cancel_at_period_end: true }) }))).toEqual({
      change: false,
      cancel: false,
      resume: true,
      paymentMethod: true,
    });
    expect(billingActions(sub({ state: 'past_due' }))).toEqual({
      change: false,
      cancel: true,
      resume: false,
      paymentMethod: true,
    });
    const none = { change: false, cancel: false, resume: false, paymentMethod: false };
    expect(billingActions(sub({ state: 'cancelled' }))).toEqual(none);
    expect(billingActions(sub({ billing: null }))).toEqual(none);
    expect(billingActions(sub({ billing: billing({ period: 'perpetual' }) }))).toEqual(none);
  });
  it('has a colour and a label in every language for every subscription state (§4)', () => {
    for (const state of SubscriptionState.options) {
      expect(Object.keys(DEFAULT_THEME.colors), state).toContain(STATE_COLOURS[state]);
      for (const lang of LANGUAGE_CODES) {
        const catalogue = JSON.parse(
          readFileSync(new URL(`../public/locales/${lang}/dashboard.json`, import.meta.url), 'utf8'),
        );
        expect(catalogue.plan.states[state], `${lang} ${state}`).toBeTruthy();
      }
    }
  });
  it('describes a history line by its items', () => {
    const tx = { invoice_number: 'INV-1', provider_transaction_id: 'txn_1' };
    const periodName = (period: string) => ({ monthly: 'monatlich', annual: 'jährlich' })[period] ?? period;
    expect(
      transactionDescription(
        {
          ...tx,
          items: [
            { description: 'Pro (monthly)', quantity: 1, amount: 1900 },
            { description: 'Seats', quantity: 3, amount: 300 },
          ],
        },
        periodName,
      ),
    ).toBe('Pro (monthly), Seats × 3');
    // A plan price the server named: the plan's name in the reader's language and the period's.
    expect(
      transactionDescription(
        {
          ...tx,
          items: [
            {
              description: 'Team (annual)',
              quantity: 2,
              amount: 9900,
              plan: { slug: 'team', name: 'Équipe' },
              period: 'annual',
            },
          ],
        },
        periodName,
      ),
    ).toBe('Équipe (jährlich) × 2');
    expect(transactionDescription({ ...tx, items: [] }, periodName)).toBe('INV-1');
  });
});

describe('proration shown before a change', () => {
  it('reads a charge, a credit or nothing now, then the recurring amount', () => {
    const next = '2026-12-01T00:00:00.000Z';
    expect(
      prorationView(
        {
          immediate: { amount: 4000, currency: 'USD' },
          recurring: { amount: 7900, currency: 'USD' },
          next_billed_at: next,
        },
        'en-US',
      ),
    ).toEqual({ now: 'charge', amount: '$40.00', recurring: '$79.00', nextBilledAt: next });
    expect(
      prorationView(
        {
          immediate: { amount: -1250, currency: 'USD' },
          recurring: { amount: 1900, currency: 'USD' },
          next_billed_at: null,
        },
        'en-US',
      ),
    ).toEqual({ now: 'credit', amount: '$12.50', recurring: '$19.00', nextBilledAt: null });
    expect(
      prorationView(
        {
          immediate: { amount: 0, currency: 'USD' },
          recurring: { amount: 1900, currency: 'USD' },
          next_billed_at: next,
        },
        'en-US',
      ),
    ).toEqual({ now: 'none', recurring: '$19.00', nextBilledAt: next });
  });
});

describe('billing calls of the console client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setAccessTokenSource(null);
  });

  it('sends each billing call to its route with the bearer token', async () => {
    const calls: { method: string; url: string; body: unknown; auth: string | null }[] = [];
    setAccessTokenSource(() => 'token-1');
    vi.stubGlobal('fetch', async (request: Request) => {
      const url = new URL(request.url);
      const text = await request.text();
      calls.push({
        method: request.method,
        url: url.pathname + url.search,
        body: text === '' ? undefined : JSON.parse(text),
        auth: request.headers.get('authorization'),
      });
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const change = { price: '7b0c7d8e-0000-4000-8000-000000000001', quantity: 2 };
    const checkout = { org_slug: 'acme', items: [{ price: change.price, quantity: 1 }], country_code: 'DE' };
    await consoleApi.prepareCheckout(checkout);
    await consoleApi.listTransactions('acme', 'de-DE');
    await consoleApi.previewSubscriptionChange('acme', 's/1', change);
    await consoleApi.changeSubscription('acme', 's1', change);
    await consoleApi.cancelSubscription('acme', 's1');
    await consoleApi.resumeSubscription('acme', 's1');
    await consoleApi.paymentMethodSession('acme', 's1');
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/v1/billing/checkout/prepare', checkout],
      ['GET', '/api/v1/orgs/acme/billing/transactions?language=de-DE', undefined],
      ['POST', '/api/v1/orgs/acme/subscriptions/s%2F1/preview-change', change],
      ['POST', '/api/v1/orgs/acme/subscriptions/s1/change', change],
      ['POST', '/api/v1/orgs/acme/subscriptions/s1/cancel', undefined],
      ['POST', '/api/v1/orgs/acme/subscriptions/s1/resume', undefined],
      ['POST', '/api/v1/orgs/acme/subscriptions/s1/payment-method', undefined],
    ]);
    expect(calls.every((c) => c.auth === 'Bearer token-1')).toBe(true);
  });

  it('fetches the invoice as HTML with the bearer token and reports the server message', async () => {
    const seen: { url: string; accept: string | null; authorization: string | null }[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      const url = new URL(request.url).pathname;
      seen.push({
        url,
        accept: request.headers.get('accept'),
        authorization: request.headers.get('authorization'),
      });
      return url.endsWith('/missing/invoice')
        ? new Response(JSON.stringify({ message: 'Transaction missing not found' }), { status: 404 })
        : new Response('<!doctype html><h1>Invoice</h1>', {
            status: 200,
            headers: { 'content-type': 'text/html' },
          });
    });
    setAccessTokenSource(() => 'tok');
    expect(await consoleApi.invoiceHtml('acme', 'tx 1')).toContain('<h1>Invoice</h1>');
    expect(seen[0]).toEqual({
      url: '/api/v1/orgs/acme/billing/transactions/tx%201/invoice',
      accept: 'text/html',
      authorization: 'Bearer tok',
    });
    const error = await consoleApi.invoiceHtml('acme', 'missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(404);
    expect((error as ApiError).message).toBe('Transaction missing not found');
    setAccessTokenSource(() => undefined);
    await expect(consoleApi.invoiceHtml('acme', 'x')).rejects.toMatchObject({ code: 401 });
  });
});

describe("the billing routes' messages in the reader's language (§8)", () => {
  const catalogue = (lang: string) =>
    JSON.parse(readFileSync(new URL(`../public/locales/${lang}/billing.json`, import.meta.url), 'utf8'));
  const lookup =
    (cat: Record<string, Record<string, string>>) => (key: string, values?: Record<string, string>) => {
      const [group = '', name = ''] = key.split('.');
      let text = cat[group]?.[name] ?? key;
      for (const [k, v] of Object.entries(values ?? {})) text = text.replace(`{{${k}}}`, v);
      return text;
    };

  const refusal = (status: number, message: string, details: Record<string, unknown>) =>
    new ApiError(status, message, details);

  it('knows the checkout and self-service refusals by their code, whatever words the server uses', () => {
    expect(billingMessageKey(refusal(400, 'Reworded price message', { reason: 'missing_price' }))).toEqual({
      key: 'errors.missingPrice',
    });
    expect(
      billingMessageKey(
        refusal(404, 'Subscription 5f0c not found', { reason: 'subscription_not_found', id: '5f0c' }),
      ),
    ).toEqual({ key: 'server.subscriptionNotFound', values: { id: '5f0c' } });
    // The provider failing: checkout could not be prepared, or the change could not be made.
    const failed = refusal(502, 'Anything', { reason: 'provider_error' });
    expect(billingMessageKey(failed, 'checkout')).toEqual({ key: 'server.prepareFailed' });
    expect(billingMessageKey(failed)).toEqual({ key: 'server.providerFailed' });
    // An English message without a known code is not matched by its words.
    expect(billingMessageKey(new ApiError(400, 'Missing price information'))).toBeNull();
    expect(billingMessageKey(refusal(409, 'Something else', { reason: 'forbidden' }))).toBeNull();
  });

  it('says them in German, and passes unknown messages through', () => {
    const t = lookup(catalogue('de-DE'));
    expect(
      billingErrorText(
        refusal(404, 'Subscription abc not found', { reason: 'subscription_not_found', id: 'abc' }),
        t,
      ),
    ).toBe('Abonnement abc nicht gefunden');
    expect(billingErrorText(refusal(409, 'Already there', { reason: 'already_subscribed' }), t)).toBe(
      'Die Organisation hat bereits ein Abonnement dieser Tarifart: Ändern Sie stattdessen dieses',
    );
    expect(billingErrorText(new ApiError(500, 'Boom'), t)).toBe('Boom');
  });

  it('has every mapped key in every language', () => {
    const codes = [
      'missing_price',
      'plan_not_subscribable',
      'custom_plan',
      'free_plan',
      'single_quantity',
      'already_subscribed',
      'transaction_not_found',
      'not_billed',
      'other_provider',
      'ended',
      'other_plan_type',
      'nothing_to_change',
      'not_cancelling',
      'perpetual_licence',
      'subscription_not_found',
      'provider_error',
    ];
    for (const lang of LANGUAGE_CODES) {
      const t = lookup(catalogue(lang));
      for (const code of codes) {
        for (const step of ['checkout', 'change'] as const) {
          const known = billingMessageKey(refusal(400, 'x', { reason: code, id: 'x' }), step);
          expect(known, code).not.toBeNull();
          const text = t(known?.key ?? '', known?.values);
          expect(text, `${lang} ${code}`).not.toBe(known?.key);
        }
      }
    }
  });
});
