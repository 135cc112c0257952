import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, environmentVariables, loadConfig } from '../src/platform/config.js';

describe('loadConfig', () => {
  it('defaults to PGlite in ./data, port 8080 and the built-in provider', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.database).toEqual({ kind: 'pglite', dataDir: './data' });
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.auth).toMatchObject({
      kind: 'builtin',
      issuer: 'http://localhost:8080/oidc',
      audience: 'http://localhost:8080/api',
      adminEmail: 'admin@slugsmith.local',
    });
    expect(c.corsOrigins).toEqual(['http://localhost:8080']);
  });

  it('uses PostgreSQL when DATABASE_URL is set and an external issuer with OIDC_ISSUER', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://u@db/slugs',
      OIDC_ISSUER: 'https://tenant.example/',
      OIDC_AUDIENCE: 'https://api.example',
      CORS_ORIGINS: 'https://a.example, https://b.example',
    });
    expect(c.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db/slugs',
      schema: 'public',
      poolMax: 10,
    });
    expect(c.auth).toEqual({
      kind: 'external',
      issuer: 'https://tenant.example/',
      audience: 'https://api.example',
      clientId: undefined,
    });
    expect(c.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ OIDC_ISSUER: 'https://x.example' })).toThrow(/OIDC_AUDIENCE/);
  });

  it("accepts every rotation period the README's configuration table gives as an example", () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const row = readme.split('\n').find((line) => line.startsWith('| `CONSOLE_SDK_ROTATION`'));
    const examples = [...(row?.split('|')[3] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
    expect(examples.length).toBeGreaterThan(2);
    for (const period of examples)
      expect(loadConfig({ CONSOLE_SDK_ROTATION: period }).consoleSdk.rotation, period).toBe(period);
  });

  it("has every variable it reads in the README's environment table", () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const documented = new Set([...readme.matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((m) => m[1]));
    expect(environmentVariables.filter((name) => !documented.has(name))).toEqual([]);
  });
});
