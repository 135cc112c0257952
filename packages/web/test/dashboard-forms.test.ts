import { RotationPeriodInRange } from '@slugsmith/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { typedConfirmationMatches } from '../src/components/confirm/confirm-dialog.js';
import { apiKeyForm } from '../src/routes/dashboard/org/api-keys/api-key-form.js';
import { memberForm } from '../src/routes/dashboard/org/members-tab.js';
import { renameOrgForm } from '../src/routes/dashboard/org/rename-org-dialog.js';
import {
  type ConfigValues,
  legacyKeyForm,
  sdkConfigForm,
} from '../src/routes/dashboard/org/sdk-configs/config-form.js';
import { seriesForm } from '../src/routes/dashboard/org/series-tab.js';
import { limitText } from '../src/routes/dashboard/org/subscription-tab.js';
import { patternOpen, seriesChanges, seriesEditForm } from '../src/routes/series/edit-series-dialog.js';
import { orgForm } from '../src/ui/create-org-dialog.js';
import { formatDate, usedPercent } from '../src/ui/format.js';
import { expiryFromDate, slugFromName } from '../src/ui/forms.js';

const key = (e: { key: string } | undefined) => e?.key ?? null;

describe('organisation and series forms (§5, the contract’s rules)', () => {
  const org = (name: string, slug = '') => orgForm.errors({ name, slug });
  const series = (slug: string, pattern = '{noun}') => seriesForm.errors({ name: 'Orders', slug, pattern });

  it('suggests contract slugs from names', () => {
    expect(slugFromName('Acme Widgets')).toBe('acme-widgets');
    expect(slugFromName('  Crème Brûlée & Co. ')).toBe('creme-brulee-co');
    expect(slugFromName('42 Labs')).toBe('x-42-labs');
    expect(slugFromName('AB')).toBe('abx');
    expect(slugFromName('!!!')).toBe('');
    // Transliterated by the language's rules, as the server derives an organisation's slug.
    expect(slugFromName('Müller & Söhne GmbH', 'de-DE')).toBe('mueller-soehne-gmbh');
    expect(slugFromName('Räksmörgås', 'sv-SE')).toBe('raksmorgas');
    expect(slugFromName('Привет', 'ru-RU')).toBe('privet');
    expect(org('x', slugFromName('A very long organisation name that goes on and on'))).toEqual({});
  });

  it('validates names and slugs with the generic messages; an empty slug is the server’s to derive', () => {
    expect(key(org('  ').name)).toBe('errors:validation.required');
    expect(org('x'.repeat(101)).name).toEqual({ key: 'errors:validation.maxLength', values: { max: 100 } });
    expect(org('Acme')).toEqual({});
    expect(org('Acme', 'ab').slug).toEqual({ key: 'errors:validation.minLength', values: { min: 3 } });
    expect(key(org('Acme', 'a'.repeat(41)).slug)).toBe('errors:validation.maxLength');
    for (const bad of ['9lives', 'Acme', 'a--b', 'abc-', 'a_b']) {
      expect(key(org('Acme', bad).slug), bad).toBe('errors:validation.invalidFormat');
      expect(key(series(bad).slug), bad).toBe('errors:validation.invalidFormat');
    }
    expect(org('Acme', 'acme-2')).toEqual({});
    expect(orgForm.body({ name: ' Acme ', slug: '' })).toEqual({ name: 'Acme' });
  });

  it('asks for a pattern and for a member’s email', () => {
    expect(series('', '')).toEqual({ pattern: { key: 'errors:validation.required' } });
    expect(series('orders')).toEqual({});
    expect(key(memberForm.errors({ email: '', role: 'member' }).email)).toBe('errors:validation.required');
    expect(key(memberForm.errors({ email: 'someone@', role: 'member' }).email)).toBe(
      'errors:validation.email',
    );
    expect(memberForm.errors({ email: ' someone@example.com ', role: 'admin' })).toEqual({});
  });
});

describe('SDK config forms (§5 rotation period, allowed origins)', () => {
  const values = (changes: Partial<ConfigValues> = {}): ConfigValues => ({
    name: 'Web',
    rotation: 'automatic',
    rotation_period: '30d',
    scopes: ['forge'],
    allowed_origins: '',
    enabled: true,
    series: '',
    ...changes,
  });
  const period = (rotation_period: string) =>
    sdkConfigForm.errors(values({ rotation_period })).rotation_period;
  const origins = (allowed_origins: string) =>
    sdkConfigForm.errors(values({ allowed_origins })).allowed_origins;

  it('accepts a number followed by d, h, m or s, between 7 minutes and 366 days', () => {
    for (const ok of ['30d', '24h', '60m', '7m', '420s', '366d', ' 7d '])
      expect(period(ok), ok).toBeUndefined();
    for (const bad of ['30', 'd', '1w', '1.5h', '-1d', '0d', '030d', '30 d', '1000000d'])
      expect(key(period(bad)), bad).toBe('dashboard:sdk.periodFormat');
    // Keys that short-lived would have SDKs refresh them over and over (product spec §9).
    for (const short of ['30s', '419s', '6m'])
      expect(period(short), short).toEqual({ key: 'errors:validation.minValue', values: { min: '7m' } });
    for (const far of ['367d', '9000h'])
      expect(period(far), far).toEqual({ key: 'errors:validation.maxValue', values: { max: '366d' } });
    expect(key(period(''))).toBe('errors:validation.required');
  });

  it('accepts and refuses the same rotation periods as the server’s configuration', () => {
    const samples = [
      '30d',
      '24h',
      '60m',
      '30s',
      '7m',
      '419s',
      '366d',
      '367d',
      '999999s',
      '0d',
      '030d',
      '1w',
      '',
      '24 h',
    ];
    for (const sample of samples)
      expect(period(sample) === undefined, sample).toBe(RotationPeriodInRange.safeParse(sample).success);
  });

  it('reads allowed origins one per line and names the first bad one', () => {
    expect(
      sdkConfigForm.body(values({ allowed_origins: 'https://a.example\n\n  http://localhost:3000/ \n' })),
    ).toMatchObject({ allowed_origins: ['https://a.example', 'http://localhost:3000'] });
    expect(origins('')).toBeUndefined();
    expect(origins('https://a.example\nhttp://localhost:3000')).toBeUndefined();
    expect(origins('https://a.example\nftp://x\nnope')).toEqual({
      key: 'dashboard:sdk.badOrigin',
      values: { origin: 'ftp://x' },
    });
    expect(key(origins('https://a.example/path'))).toBe('dashboard:sdk.badOrigin');
    expect(origins(Array.from({ length: 51 }, (_, i) => `https://h${i}.example`).join('\n'))).toEqual({
      key: 'errors:validation.maxItems',
      values: { max: 50 },
    });
  });

  it('needs a period only for automatic rotation, a scope and a name', () => {
    const manual = sdkConfigForm.errors(values({ rotation: 'manual', rotation_period: 'bad', scopes: [] }));
    expect(manual.rotation_period).toBeUndefined();
    expect(key(manual.scopes)).toBe('errors:validation.required');
    expect(sdkConfigForm.body(values({ rotation: 'manual' }))).not.toHaveProperty('rotation_period');
    expect(key(sdkConfigForm.errors(values({ name: ' ' })).name)).toBe('errors:validation.required');
    expect(key(legacyKeyForm.errors({ name: '' }).name)).toBe('errors:validation.required');
    expect(legacyKeyForm.errors({ name: 'Mobile' })).toEqual({});
  });
});

describe('API keys, members, limits', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const expiry = (expires_at: string) =>
    apiKeyForm.errors({ name: 'Backend', scopes: ['mint'], series: '', expires_at }).expires_at;

  it('turns an expiry day into the end of that day in UTC, refusing the past', () => {
    expect(expiryFromDate('')).toBeNull();
    expect(expiryFromDate('2030-05-01')).toBe('2030-05-01T23:59:59.000Z');
    expect(expiry('')).toBeUndefined();
    expect(expiry('2026-03-01')).toBeUndefined();
    expect(key(expiry('2026-02-28'))).toBe('dashboard:keys.expiryPast');
    expect(key(expiry('2026-13-45'))).toBe('errors:validation.invalidFormat');
    expect(key(apiKeyForm.errors({ name: '', scopes: [], series: '', expires_at: '' }).scopes)).toBe(
      'errors:validation.required',
    );
  });

  it('shows −1 as unlimited', () => {
    expect(limitText(-1, 'Unlimited')).toBe('Unlimited');
    expect(limitText(250_000, 'Unlimited')).toBe('250K');
  });

  it('compares typed confirmations exactly, ignoring surrounding spaces', () => {
    expect(typedConfirmationMatches(' acme-widgets ', 'acme-widgets')).toBe(true);
    expect(typedConfirmationMatches('Acme-widgets', 'acme-widgets')).toBe(false);
    expect(typedConfirmationMatches('acme-widget', 'acme-widgets')).toBe(false);
  });

  it('formats dates in UTC and usage against huge capacities', () => {
    expect(formatDate('2026-01-31T23:30:00Z', 'en-GB')).toBe('31 Jan 2026');
    expect(formatDate(null, 'en-GB')).toBe('—');
    expect(usedPercent('250000', '1000000')).toBe(25);
    expect(usedPercent('1', '340282366920938463463374607431768211456')).toBe(0);
    expect(usedPercent('5', '0')).toBe(0);
  });
});

describe('editing a series and renaming an organisation (issue 25, item 10)', () => {
  const fresh = { name: 'Orders', pattern: '{noun}', generated_count: '0' };
  it('sends only what changed, and the pattern only until the first id is generated', () => {
    expect(seriesChanges(fresh, { name: ' Orders ', pattern: '{noun}' })).toEqual({});
    expect(seriesChanges(fresh, { name: 'Invoices', pattern: 'INV-{number:4d}' })).toEqual({
      name: 'Invoices',
      pattern: 'INV-{number:4d}',
    });
    const used = { ...fresh, generated_count: '3' };
    expect(patternOpen(fresh)).toBe(true);
    expect(patternOpen(used)).toBe(false);
    expect(seriesChanges(used, { name: 'Invoices', pattern: 'INV-{number:4d}' })).toEqual({
      name: 'Invoices',
    });
  });

  it('checks names against the contract', () => {
    expect(key(seriesEditForm.errors({ name: '  ', pattern: '{noun}' }).name)).toBe(
      'errors:validation.required',
    );
    expect(seriesEditForm.errors({ name: 'Invoices', pattern: '{noun}' })).toEqual({});
    expect(key(renameOrgForm.errors({ name: '' }).name)).toBe('errors:validation.required');
    expect(key(renameOrgForm.errors({ name: 'x'.repeat(101) }).name)).not.toBeNull();
    expect(renameOrgForm.body({ name: ' Acme Tools ' })).toEqual({ name: 'Acme Tools' });
  });
});
