import { describe, expect, it } from 'vitest';
import {
  AcceptAgreements,
  type Agreement,
  CreateOrganisation,
  ErrorBody,
  Slug,
  unacceptedAgreements,
} from '../src/index.js';

const agreement = (type: Agreement['type'], version: string, is_mandatory = true): Agreement => ({
  type,
  version,
  title: type,
  language: 'en',
  url: `/legal/${type}`,
  published_at: '2026-01-01T00:00:00Z',
  is_mandatory,
});

describe('unacceptedAgreements', () => {
  const latest = [
    agreement('eula', '2'),
    agreement('privacy_policy', '1'),
    agreement('terms_of_service', '3', false),
  ];

  it('lists agreements whose type and version were never accepted', () => {
    const accepted = [
      { agreement_type: 'eula' as const, agreement_version: '1' },
      { agreement_type: 'privacy_policy' as const, agreement_version: '1' },
    ];
    expect(unacceptedAgreements(latest, accepted).map((a) => a.type)).toEqual(['eula', 'terms_of_service']);
  });

  it('can keep only the mandatory ones', () => {
    expect(unacceptedAgreements(latest, [], { mandatoryOnly: true }).map((a) => a.type)).toEqual([
      'eula',
      'privacy_policy',
    ]);
  });
});

describe('schemas', () => {
  it('accepts well-formed slugs and refuses the rest', () => {
    expect(Slug.safeParse('acme-labs-2').success).toBe(true);
    for (const bad of ['ab', 'Acme', '-acme', 'acme--x', 'acme-', '1acme']) {
      expect(Slug.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('normalises and checks organisation input', () => {
    expect(CreateOrganisation.parse({ name: '  Acme  ' })).toEqual({ name: 'Acme' });
    expect(CreateOrganisation.safeParse({ name: '' }).success).toBe(false);
    expect(CreateOrganisation.safeParse({ name: 'x', extra: 1 }).success).toBe(false);
  });

  it('requires at least one agreement version and known types', () => {
    expect(AcceptAgreements.safeParse({ agreement_versions: [] }).success).toBe(false);
    expect(
      AcceptAgreements.safeParse({ agreement_versions: [{ agreement_type: 'nda', agreement_version: '1' }] })
        .success,
    ).toBe(false);
  });

  it('describes the error body of product spec §8', () => {
    expect(ErrorBody.parse({ code: 404, message: 'Resource not found' })).toEqual({
      code: 404,
      message: 'Resource not found',
    });
  });
});
