import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { developmentKeysWarning, loadTrustedKeys, shippedKeys } from '../src/areas/install/licence-source.js';
import { ConfigError, loadConfig } from '../src/platform/config.js';
import { closeApp, testConfig } from './support/app.js';
import { licenceKit } from './support/install.js';
import { LogLines } from './support/log-lines.js';

/**
 * Whose licences an install trusts: the issuer's keys shipped with the release
 * (licence-keys.json), and others only through LICENSE_KEYS, a development and test switch the
 * start warns about. Plain http is never a source of keys.
 */
describe('[pglite] trusted licence keys', () => {
  let kit: Awaited<ReturnType<typeof licenceKit>>;
  let licence: string;
  beforeAll(async () => {
    kit = await licenceKit();
    // A licensee's own issuer: a licence for 100,000 perpetual nodes, signed by a key of their own.
    licence = await kit.write(
      'self-signed.licence',
      kit.claims({ max_nodes: 100_000, perpetual: true, exp: undefined }),
    );
  });
  afterAll(async () => kit?.cleanup());

  it('refuses a self-signed licence without the switch', async () => {
    // The shipped file holds only the issuer's public keys; the kit's key is not among them.
    const shipped = await shippedKeys();
    expect(shipped.every((k) => !('d' in k))).toBe(true);
    const config = testConfig('pglite', { LICENSE: licence });
    await expect(buildApp(config)).rejects.toThrow(
      /^licence refused \(foreign\): the licence is signed by key ".+", which is not a trusted licence key \(only the issuer's keys shipped with this release are trusted: \d+\)$/,
    );
  });

  it('the switch is warned about at start', async () => {
    const logs = new LogLines();
    const config = testConfig('pglite', {
      LOG_LEVEL: 'warn',
      LICENSE: licence,
      LICENSE_KEYS: kit.keysFile,
    });
    const app = await buildApp(config, { logStream: logs.stream });
    try {
      expect(await logs.next((l) => l.msg === developmentKeysWarning)).toMatchObject({
        level: 40,
        licence_keys: kit.keysFile,
      });
      expect(developmentKeysWarning).toMatch(/^DEVELOPMENT ONLY: LICENSE_KEYS is set/);
    } finally {
      await closeApp(app, config);
    }
  });

  it('refuses keys over plain http, in the environment and where keys are read', async () => {
    for (const url of ['http://issuer.example/api/v1/licences/keys', ' HTTP://127.0.0.1:9/keys']) {
      expect(() => loadConfig({ LICENSE: licence, LICENSE_KEYS: url })).toThrow(ConfigError);
      expect(() => loadConfig({ LICENSE: licence, LICENSE_KEYS: url })).toThrow(
        /LICENSE_KEYS: plain http is refused: use an https URL or a JWKS file/,
      );
      await expect(loadTrustedKeys(url)).rejects.toThrow(
        /^licence refused \(keys\): LICENSE_KEYS .* is plain http/,
      );
    }
    // A file still serves tests and development.
    expect(await loadTrustedKeys(kit.keysFile)).toEqual(
      expect.arrayContaining([expect.objectContaining({ kty: 'OKP', crv: 'Ed25519' })]),
    );
  });
});
