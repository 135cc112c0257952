import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAgreementGate, openAgreementGate } from '../src/lib/agreement-gate.js';
import { client, setAccessTokenSource } from '../src/lib/api.js';

afterEach(() => {
  openAgreementGate();
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
});

/** A fetch that records the paths it was asked for and answers `{}`. */
function recordingFetch(): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    asked.push(new URL(request.url).pathname);
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

/** Lets every pending promise callback run (the gate releases waiters synchronously). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the agreement gate of a first sign-in', () => {
  it('holds signed-in calls until the agreements are accepted; the account check’s own calls and public ones go at once', async () => {
    const asked = recordingFetch();
    setAccessTokenSource(() => 'token');
    closeAgreementGate();
    const orgs = client.GET('/orgs', { auth: 'required' });
    const account = client.POST('/accounts', { auth: 'required', beforeAgreements: true });
    const docs = client.GET('/docs', { auth: 'optional' });
    await Promise.all([account, docs]);
    await settle();
    expect(asked).toEqual(['/api/v1/accounts', '/api/v1/docs']);
    openAgreementGate();
    await orgs;
    expect(asked).toEqual(['/api/v1/accounts', '/api/v1/docs', '/api/v1/orgs']);
  });

  it('lets a waiting call go without a token once the user signed out, and a cancelled one stop waiting', async () => {
    const asked = recordingFetch();
    let token: string | null = 'token';
    setAccessTokenSource(() => token);
    closeAgreementGate();
    const required = client.GET('/orgs', { auth: 'required' });
    const optional = client.GET('/stats/total', { auth: 'optional' });
    const controller = new AbortController();
    const cancelled = client.GET('/orgs/{org}', {
      params: { path: { org: 'a' } },
      auth: 'required',
      signal: controller.signal,
    });
    controller.abort(new Error('left the page'));
    await expect(cancelled).rejects.toThrow('left the page');
    token = null;
    openAgreementGate();
    await expect(required).rejects.toMatchObject({ code: 401 });
    await optional;
    expect(asked).toEqual(['/api/v1/stats/total']);
  });

  it('is open when no account layer armed it (nothing waits)', async () => {
    const asked = recordingFetch();
    setAccessTokenSource(() => 'token');
    await client.GET('/orgs', { auth: 'required' });
    expect(asked).toEqual(['/api/v1/orgs']);
  });
});
