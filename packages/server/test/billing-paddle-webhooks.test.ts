// The Paddle provider's webhook check and its translation into the service's snapshots, on Paddle event bodies
// (test/fixtures/paddle, written from the SDK's notification types) signed here with a test secret
// exactly as Paddle signs deliveries: `ts=<unix s>;h1=hex(HMAC-SHA256(secret, ts + ":" + body))`.
// No network: nothing here reaches Paddle; the SDK's own verifier is the independent check.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Paddle } from '@paddle/paddle-node-sdk';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PaddleSubscriptionStatus } from '../src/areas/billing/paddle/events.js';
import { createPaddleProvider } from '../src/areas/billing/paddle/index.js';
import { SIGNATURE_MAX_AGE_S } from '../src/areas/billing/paddle/signature.js';
import { WebhookRejected } from '../src/areas/billing/provider.js';
import type { Db } from '../src/db/connect.js';

const SECRET = 'pdl_ntfset_01jq0test0secret0for0slugsmith_Yw3kQ9vT2mX';
const OLD_SECRET = 'pdl_ntfset_01jq0previous0secret0rotated0out_Hr8pL4cN6zB';
const NOW = Date.parse('2026-11-25T12:00:00Z');

const FIXTURES = [
  'transaction.completed',
  'subscription.created',
  'subscription.activated',
  'subscription.updated',
  'subscription.past_due',
  'transaction.payment_failed',
  'subscription.canceled',
] as const;

/** The recorded body as bytes on the wire (the signature covers them, not the parsed JSON). */
const fixture = (name: (typeof FIXTURES)[number]) =>
  readFileSync(new URL(`./fixtures/paddle/${name}.json`, import.meta.url), 'utf8');

/** Paddle's signing, written out here rather than taken from our signature module. */
const h1 = (secret: string, ts: number, body: string) =>
  createHmac('sha256', secret).update(`${ts}:${body}`).digest('hex');
const header = (secret: string, body: string, at = NOW) => {
  const ts = Math.floor(at / 1000);
  return `ts=${ts};h1=${h1(secret, ts, body)}`;
};

function provider(now = () => NOW) {
  return createPaddleProvider(
    {
      provider: 'paddle',
      apiKey: 'pdl_sdbx_apikey_unused_here',
      webhookSecret: SECRET,
      clientToken: 'test_0b1c2d3e4f5a6b7c8d9e0f1a2b3',
      environment: 'sandbox',
      graceDays: 14,
    },
    // Verification touches neither the database nor the API.
    { db: {} as Db, log: Fastify().log, now },
  );
}

const verify = (body: string, headers: Record<string, string | string[] | undefined>, now?: () => number) =>
  provider(now).verifyWebhook(body, headers);

describe('Paddle webhook verification (locally signed recorded payloads)', () => {
  it.each(FIXTURES)('accepts a correctly signed %s and reads it into a snapshot', (name) => {
    const body = fixture(name);
    const payload = JSON.parse(body);
    const event = verify(body, { 'paddle-signature': header(SECRET, body) });
    expect(event).toMatchObject({
      eventId: payload.event_id,
      eventType: name,
      entityId: payload.data.id,
      customerId: payload.data.customer_id,
    });
    expect(event.occurredAt.toISOString()).toBe(new Date(payload.occurred_at).toISOString());
    // What the pipeline applies: the provider's own reading of the stored event.
    const snapshot = provider().snapshotOf(event);
    expect(snapshot.kind).toBe(name.split('.')[0]);
  });

  it('rejects a body changed after signing (one digit of an amount)', () => {
    const body = fixture('transaction.completed');
    const signature = header(SECRET, body);
    const tampered = body.replace('"grand_total": "2280"', '"grand_total": "2281"');
    expect(tampered).not.toBe(body);
    expect(() => verify(tampered, { 'paddle-signature': signature })).toThrow(WebhookRejected);
    expect(() => verify(tampered, { 'paddle-signature': signature })).toThrow('signature does not match');
  });

  it('rejects the same bytes re-serialised (the signature covers the raw body)', () => {
    const body = fixture('subscription.created');
    const compact = JSON.stringify(JSON.parse(body));
    expect(() => verify(compact, { 'paddle-signature': header(SECRET, body) })).toThrow(WebhookRejected);
  });

  it('rejects a signature made with another secret', () => {
    const body = fixture('subscription.updated');
    expect(() => verify(body, { 'paddle-signature': header(OLD_SECRET, body) })).toThrow(
      'signature does not match',
    );
  });

  it('accepts during a secret rotation when any h1 matches, in either order', () => {
    const body = fixture('subscription.past_due');
    const ts = Math.floor(NOW / 1000);
    const valid = h1(SECRET, ts, body);
    const old = h1(OLD_SECRET, ts, body);
    for (const signature of [`ts=${ts};h1=${old};h1=${valid}`, `ts=${ts};h1=${valid};h1=${old}`]) {
      expect(verify(body, { 'paddle-signature': signature }).eventType).toBe('subscription.past_due');
    }
    expect(() => verify(body, { 'paddle-signature': `ts=${ts};h1=${old};h1=${'0'.repeat(64)}` })).toThrow(
      'signature does not match',
    );
  });

  it(`accepts a queued delivery up to ${SIGNATURE_MAX_AGE_S} s old and rejects an older or far-future one`, () => {
    const body = fixture('subscription.canceled');
    const age = (seconds: number) => ({ 'paddle-signature': header(SECRET, body, NOW - seconds * 1000) });
    expect(verify(body, age(60)).eventType).toBe('subscription.canceled');
    expect(verify(body, age(SIGNATURE_MAX_AGE_S - 1)).eventType).toBe('subscription.canceled');
    expect(() => verify(body, age(SIGNATURE_MAX_AGE_S + 1))).toThrow('signature too old');
    expect(() => verify(body, age(-(SIGNATURE_MAX_AGE_S + 60)))).toThrow('signature too old');
  });

  it('rejects a missing, repeated or malformed Paddle-Signature header', () => {
    const body = fixture('subscription.created');
    const good = header(SECRET, body);
    expect(() => verify(body, {})).toThrow('missing signature');
    expect(() => verify(body, { 'paddle-signature': [good, good] })).toThrow('missing signature');
    // Another provider's header name is not Paddle's.
    expect(() => verify(body, { 'stripe-signature': good })).toThrow('missing signature');
    for (const malformed of [
      '',
      'h1=abc',
      `ts=;h1=${'a'.repeat(64)}`,
      `ts=${Math.floor(NOW / 1000)}`,
      'garbage',
    ]) {
      expect(() => verify(body, { 'paddle-signature': malformed }), malformed).toThrow(WebhookRejected);
    }
  });

  it('rejects a correctly signed body that is not a Paddle event', () => {
    for (const body of ['{"hello":"world"}', 'not json', '{"event_id":"evt_1","event_type":"x","data":{}}']) {
      expect(() => verify(body, { 'paddle-signature': header(SECRET, body) }), body).toThrow(
        'not a Paddle event',
      );
    }
  });

  it('uses the clock it is given, so a recorded delivery verifies at its own time', () => {
    const body = fixture('subscription.activated');
    const signature = header(SECRET, body, NOW);
    expect(verify(body, { 'paddle-signature': signature }, () => NOW + 10_000).eventId).toBe(
      JSON.parse(body).event_id,
    );
    expect(() => verify(body, { 'paddle-signature': signature }, () => NOW + 3_600_000)).toThrow('too old');
  });
});

describe("Paddle's own SDK agrees with our verification (locally signed recorded payloads)", () => {
  const sdk = new Paddle('pdl_sdbx_apikey_unused_here');

  // The SDK allows only 5 s of age, so these sign with the real clock just before checking.
  it.each(FIXTURES)('%s: a valid signature passes both, and unmarshal reads the same event', async (name) => {
    const body = fixture(name);
    const signature = header(SECRET, body, Date.now());
    const ours = verify(body, { 'paddle-signature': signature }, Date.now);
    expect(await sdk.webhooks.isSignatureValid(body, SECRET, signature)).toBe(true);
    const theirs = await sdk.webhooks.unmarshal(body, SECRET, signature);
    expect(theirs.eventId).toBe(ours.eventId);
    expect(theirs.eventType).toBe(ours.eventType);
    expect((theirs.data as { id: string }).id).toBe(ours.entityId);
  });

  it('a tampered body fails both', async () => {
    const body = fixture('transaction.payment_failed');
    const signature = header(SECRET, body, Date.now());
    const tampered = body.replace('"status": "past_due"', '"status": "completed"');
    expect(tampered).not.toBe(body);
    expect(() => verify(tampered, { 'paddle-signature': signature }, Date.now)).toThrow(WebhookRejected);
    expect(await sdk.webhooks.isSignatureValid(tampered, SECRET, signature)).toBe(false);
    await expect(sdk.webhooks.unmarshal(tampered, SECRET, signature)).rejects.toThrow(/signature/);
  });

  it('a wrong secret fails both', async () => {
    const body = fixture('subscription.created');
    const signature = header(OLD_SECRET, body, Date.now());
    expect(() => verify(body, { 'paddle-signature': signature }, Date.now)).toThrow(WebhookRejected);
    expect(await sdk.webhooks.isSignatureValid(body, SECRET, signature)).toBe(false);
  });
});

describe("Paddle events → the service's snapshots (the translation the pipeline runs)", () => {
  const snapshotOf = (name: (typeof FIXTURES)[number], data: Record<string, unknown> = {}) => {
    const payload = JSON.parse(fixture(name));
    return provider().snapshotOf({
      eventType: name,
      payload: { ...payload, data: { ...payload.data, ...data } },
    });
  };
  const subscription = (name: (typeof FIXTURES)[number], data?: Record<string, unknown>) => {
    const snapshot = snapshotOf(name, data);
    if (snapshot.kind !== 'subscription') throw new Error(`${name} read as ${snapshot.kind}`);
    return snapshot.subscription;
  };
  const expected = {
    active: 'active',
    trialing: 'trial',
    past_due: 'past_due',
    paused: 'inactive',
    canceled: 'cancelled',
  } as const;

  it('maps every status Paddle documents to a service state', () => {
    // The list comes from Paddle's event schema: a status added there without a mapping fails here.
    expect(Object.keys(expected).sort()).toEqual([...PaddleSubscriptionStatus.options].sort());
    for (const status of PaddleSubscriptionStatus.options) {
      expect(subscription('subscription.updated', { status }).state, status).toBe(expected[status]);
    }
  });

  it('refuses a status Paddle does not send, including the British spelling of canceled', () => {
    for (const status of ['cancelled', 'ACTIVE', 'expired', '', 'toString', '__proto__']) {
      expect(() => snapshotOf('subscription.updated', { status }), status).toThrow(z.ZodError);
    }
  });

  it("reads the recorded subscription events in the service's states and dates", () => {
    const states = FIXTURES.filter((name) => name.startsWith('subscription.')).map((name) => [
      name,
      subscription(name).state,
    ]);
    expect(Object.fromEntries(states)).toEqual({
      'subscription.created': 'active',
      'subscription.activated': 'active',
      'subscription.updated': 'active',
      'subscription.past_due': 'past_due',
      'subscription.canceled': 'cancelled',
    });
    const data = JSON.parse(fixture('subscription.updated')).data;
    expect(subscription('subscription.updated')).toMatchObject({
      id: data.id,
      customerId: data.customer_id,
      namedOrgId: data.custom_data?.org_id,
      items: [{ providerPriceId: data.items[0].price.id, quantity: data.items[0].quantity }],
      period: {
        startsAt: new Date(data.current_billing_period.starts_at),
        endsAt: new Date(data.current_billing_period.ends_at),
      },
    });
  });

  it('reads a recorded transaction with its totals in minor units, tax rate and lines', () => {
    const data = JSON.parse(fixture('transaction.completed')).data;
    const snapshot = snapshotOf('transaction.completed');
    if (snapshot.kind !== 'transaction') throw new Error(`read as ${snapshot.kind}`);
    expect(snapshot.transaction).toMatchObject({
      id: data.id,
      status: 'completed',
      subscriptionId: data.subscription_id,
      currency: data.currency_code,
      totals: {
        subtotal: Number(data.details.totals.subtotal),
        tax: Number(data.details.totals.tax),
        total: Number(data.details.totals.total),
      },
      taxRates: data.details.tax_rates_used.map((r: { tax_rate: string }) => r.tax_rate),
      lines: [{ quantity: data.details.line_items[0].quantity }],
    });
  });

  it('leaves events the service does not act on as other', () => {
    expect(provider().snapshotOf({ eventType: 'customer.updated', payload: { data: {} } })).toEqual({
      kind: 'other',
    });
  });
});
