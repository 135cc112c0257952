import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.js';
import { effectiveTotalCap, openFileLimit, peerKey } from '../src/platform/connections.js';

/** Issue 30, item 3: the connection caps follow the process's open-file limit and TRUST_PROXY. */

const limits = (soft: string) =>
  [
    'Limit                     Soft Limit           Hard Limit           Units',
    'Max processes             63704                63704                processes',
    `Max open files            ${soft}                 524288               files`,
  ].join('\n');

describe('connection caps', () => {
  it("reads the soft open-file limit (ulimit -n) from Linux's /proc", () => {
    expect(openFileLimit(limits('1024'))).toBe(1024);
    expect(openFileLimit(limits('unlimited'))).toBeUndefined();
    expect(openFileLimit('no such line')).toBeUndefined();
    // This process's own, where /proc exists.
    const own = openFileLimit();
    if (own !== undefined) expect(own).toBeGreaterThan(0);
  });

  it('lowers the total cap to what the open-file limit leaves after the reserve', () => {
    expect(effectiveTotalCap(4096, 1024)).toBe(768);
    expect(effectiveTotalCap(4096, 20_000)).toBe(4096);
    expect(effectiveTotalCap(4096, undefined)).toBe(4096);
    expect(effectiveTotalCap(4096, 100)).toBe(1);
  });

  it('caps one address at 256 by default, and not at all behind a trusted proxy unless set', () => {
    expect(loadConfig({}).http).toMatchObject({ maxConnectionsPerAddress: 256, maxConnections: 4096 });
    expect(loadConfig({ TRUST_PROXY: 'true' }).http.maxConnectionsPerAddress).toBe(0);
    expect(
      loadConfig({ TRUST_PROXY: 'true', MAX_CONNECTIONS_PER_ADDRESS: '32' }).http.maxConnectionsPerAddress,
    ).toBe(32);
  });

  it('bounds the requests of one keep-alive connection at 1,000 by default, not behind a trusted proxy unless set', () => {
    expect(loadConfig({}).http.maxRequestsPerSocket).toBe(1000);
    expect(loadConfig({ TRUST_PROXY: 'true' }).http.maxRequestsPerSocket).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true', MAX_REQUESTS_PER_SOCKET: '50' }).http.maxRequestsPerSocket).toBe(
      50,
    );
  });

  it('counts an IPv4 peer by its address and an IPv6 peer by its /64', () => {
    expect(peerKey('203.0.113.7')).toBe('203.0.113.7');
    expect(peerKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    // Every address of one /64 is one peer, however it is written.
    const net = peerKey('2001:db8:1:2::1');
    expect(peerKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(net);
    expect(peerKey('2001:0db8:0001:0002:0:0:0:abcd')).toBe(net);
    expect(peerKey('2001:db8:1:3::1')).not.toBe(net);
    expect(peerKey('2001:db8::1')).toBe(peerKey('2001:db8:0:0:1::'));
    expect(peerKey('::1')).toBe('0:0:0:0::/64');
    expect(peerKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('refuses a header time-out longer than the request time-out', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_MS: '30000' })).toThrow(
      /HEADERS_TIMEOUT_MS/,
    );
    expect(loadConfig({ HEADERS_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_MS: '0' }).http.headersTimeoutMs).toBe(
      60_000,
    );
  });
});

describe('time-outs as the server gets them', () => {
  it('starts with a header time-out above five minutes when the request time-out is off', async () => {
    const { buildApp } = await import('../src/app.js');
    const { closeApp, testConfig } = await import('./support/app.js');
    const config = testConfig('pglite', { HEADERS_TIMEOUT_MS: '600000', REQUEST_TIMEOUT_MS: '0' });
    const app = await buildApp(config);
    try {
      expect(app.server.server.headersTimeout).toBe(600_000);
      expect(app.server.server.requestTimeout).toBe(0);
    } finally {
      await closeApp(app, config);
    }
  });
});
