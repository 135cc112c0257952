import { describe, expect, it } from 'vitest';
import { typedConfirmationMatches } from '../src/components/confirm/confirm-dialog.js';
import { formatDate, usedPercent } from '../src/routes/dashboard/format.js';
import {
  expiryFromDate,
  parseOrigins,
  slugFromName,
  validateEmail,
  validateExpiry,
  validateName,
  validateOrigins,
  validateRotationPeriod,
  validateSlug,
} from '../src/routes/dashboard/forms.js';
import { isExpired } from '../src/routes/dashboard/org/api-keys-panel.js';
import { assignableRoles, mayManageMember } from '../src/routes/dashboard/org/members-tab.js';
import {
  isKeyActive,
  replacesKeys,
  validateConfigForm,
} from '../src/routes/dashboard/org/sdk-configs-panel.js';
import { seriesMaximum } from '../src/routes/dashboard/org/series-tab.js';
import { limitText } from '../src/routes/dashboard/org/subscription-tab.js';

const key = (e: { key: string } | null) => e?.key ?? null;

describe('organisation and series forms (§5)', () => {
  it('suggests contract slugs from names', () => {
    expect(slugFromName('Acme Widgets')).toBe('acme-widgets');
    expect(slugFromName('  Crème Brûlée & Co. ')).toBe('creme-brulee-co');
    expect(slugFromName('42 Labs')).toBe('x-42-labs');
    expect(slugFromName('AB')).toBe('abx');
    expect(slugFromName('!!!')).toBe('');
    expect(validateSlug(slugFromName('A very long organisation name that goes on and on'))).toBeNull();
  });

  it('validates names, slugs and emails with the generic messages', () => {
    expect(key(validateName('  '))).toBe('errors:validation.required');
    expect(validateName('x'.repeat(101))).toEqual({
      key: 'errors:validation.maxLength',
      values: { max: 100 },
    });
    expect(validateName('Acme')).toBeNull();
    expect(validateSlug('', { optional: true })).toBeNull();
    expect(key(validateSlug(''))).toBe('errors:validation.required');
    expect(key(validateSlug('ab'))).toBe('errors:validation.minLength');
    expect(key(validateSlug('a'.repeat(41)))).toBe('errors:validation.maxLength');
    for (const bad of ['9lives', 'Acme', 'a--b', 'abc-', 'a_b'])
      expect(key(validateSlug(bad)), bad).toBe('errors:validation.invalidFormat');
    expect(validateSlug('acme-2')).toBeNull();
    expect(key(validateEmail(''))).toBe('errors:validation.required');
    expect(key(validateEmail('someone@'))).toBe('errors:validation.email');
    expect(validateEmail(' someone@example.com ')).toBeNull();
  });
});

describe('SDK config forms (§5 rotation period, allowed origins)', () => {
  it('accepts a number followed by d, h, m or s, between 30 s and 366 days', () => {
    for (const ok of ['30d', '24h', '60m', '30s', '366d']) expect(validateRotationPeriod(ok), ok).toBeNull();
    for (const bad of ['30', 'd', '1w', '1.5h', '-1d', '0d', '030d', '30 d'])
      expect(key(validateRotationPeriod(bad)), bad).toBe('dashboard:sdk.periodFormat');
    for (const far of ['29s', '367d', '9000h'])
      expect(key(validateRotationPeriod(far)), far).toBe('dashboard:sdk.periodRange');
    expect(key(validateRotationPeriod(''))).toBe('errors:validation.required');
  });

  it('reads allowed origins one per line and names the first bad one', () => {
    expect(parseOrigins('https://a.example\n\n  http://localhost:3000/ \n')).toEqual([
      'https://a.example',
      'http://localhost:3000',
    ]);
    expect(validateOrigins('')).toBeNull();
    expect(validateOrigins('https://a.example\nhttp://localhost:3000')).toBeNull();
    expect(validateOrigins('https://a.example\nftp://x\nnope')).toEqual({
      key: 'dashboard:sdk.badOrigin',
      values: { origin: 'ftp://x' },
    });
    expect(key(validateOrigins('https://a.example/path'))).toBe('dashboard:sdk.badOrigin');
    expect(
      key(validateOrigins(Array.from({ length: 51 }, (_, i) => `https://h${i}.example`).join('\n'))),
    ).toBe('dashboard:sdk.tooManyOrigins');
  });

  it('needs a period only for automatic rotation, and a scope', () => {
    const form = {
      name: 'Web',
      rotation: 'manual' as const,
      period: 'bad',
      scopes: [],
      origins: '',
      enabled: true,
      series: '',
    };
    const errors = validateConfigForm(form, { needName: true });
    expect(errors.period).toBeNull();
    expect(key(errors.scopes)).toBe('errors:validation.required');
    expect(key(validateConfigForm({ ...form, rotation: 'automatic' }, { needName: true }).period)).toBe(
      'dashboard:sdk.periodFormat',
    );
  });

  it('asks for confirmation when a change replaces the keys (§4)', () => {
    const form = {
      name: 'Web',
      rotation: 'automatic' as const,
      period: '7d',
      scopes: [],
      origins: '',
      enabled: true,
      series: '',
    };
    expect(replacesKeys({ rotation: 'automatic', rotation_period: '7d' }, form)).toBe(false);
    expect(replacesKeys({ rotation: 'automatic', rotation_period: '30d' }, form)).toBe(true);
    expect(replacesKeys({ rotation: 'manual', rotation_period: null }, form)).toBe(true);
    expect(replacesKeys({ rotation: 'manual', rotation_period: null }, { ...form, rotation: 'manual' })).toBe(
      false,
    );
  });

  it('tells active keys from inactive ones by their dates', () => {
    const now = Date.parse('2026-01-10T00:00:00Z');
    expect(isKeyActive({ effective_from: '2026-01-01T00:00:00Z', effective_to: null }, now)).toBe(true);
    expect(
      isKeyActive({ effective_from: '2026-01-01T00:00:00Z', effective_to: '2026-01-20T00:00:00Z' }, now),
    ).toBe(true);
    expect(isKeyActive({ effective_from: '2026-01-11T00:00:00Z', effective_to: null }, now)).toBe(false);
    expect(
      isKeyActive({ effective_from: '2026-01-01T00:00:00Z', effective_to: '2026-01-10T00:00:00Z' }, now),
    ).toBe(false);
  });
});

describe('API keys, members, limits', () => {
  it('turns an expiry day into the end of that day in UTC, refusing the past', () => {
    expect(expiryFromDate('')).toBeNull();
    expect(expiryFromDate('2030-05-01')).toBe('2030-05-01T23:59:59.000Z');
    const now = new Date('2026-03-01T12:00:00Z');
    expect(validateExpiry('2026-03-01', now)).toBeNull();
    expect(key(validateExpiry('2026-02-28', now))).toBe('dashboard:keys.expiryPast');
    expect(key(validateExpiry('2026-13-45', now))).toBe('errors:validation.invalidFormat');
    expect(isExpired({ expires_at: '2026-02-28T23:59:59Z' }, now.getTime())).toBe(true);
    expect(isExpired({ expires_at: null }, now.getTime())).toBe(false);
  });

  it('follows the role rules: owners alone give or take the owner role', () => {
    expect(assignableRoles('owner')).toEqual(['member', 'admin', 'owner']);
    expect(assignableRoles('admin')).toEqual(['member', 'admin']);
    expect(mayManageMember('member', { role: 'member' })).toBe(false);
    expect(mayManageMember('admin', { role: 'member' })).toBe(true);
    expect(mayManageMember('admin', { role: 'owner' })).toBe(false);
    expect(mayManageMember('owner', { role: 'owner' })).toBe(true);
  });

  it('reads the series maximum from the SaaS limits and shows −1 as unlimited', () => {
    expect(seriesMaximum(undefined)).toBeNull();
    expect(
      seriesMaximum([
        { plan_type: 'on_premise', limits: { max_series: 100 } },
        { plan_type: 'saas', limits: { max_series: 3 } },
      ]),
    ).toBe(3);
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
