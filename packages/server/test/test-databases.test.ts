import { describe, expect, it } from 'vitest';
import { parseTestDatabases } from './support/app.js';

/** SLUGSMITH_TEST_DATABASES: a typo or a narrowed CI run must stop the suite, not shrink it. */
describe('SLUGSMITH_TEST_DATABASES', () => {
  it('runs on both databases when unset, locally and under CI', () => {
    expect(parseTestDatabases(undefined, undefined)).toEqual(['pglite', 'postgres']);
    expect(parseTestDatabases(undefined, 'true')).toEqual(['pglite', 'postgres']);
  });

  it('narrows on a developer machine', () => {
    expect(parseTestDatabases('pglite', undefined)).toEqual(['pglite']);
    expect(parseTestDatabases(' postgres ', undefined)).toEqual(['postgres']);
    expect(parseTestDatabases('postgres,pglite', undefined)).toEqual(['pglite', 'postgres']);
    expect(parseTestDatabases('pglite', 'false')).toEqual(['pglite']);
  });

  it('refuses unknown names instead of dropping them', () => {
    expect(() => parseTestDatabases('pglite,postgress', undefined)).toThrow(
      'unknown database "postgress"; use a comma-separated list of pglite, postgres',
    );
    expect(() => parseTestDatabases('', undefined)).toThrow('unknown database ""');
    expect(() => parseTestDatabases('PGlite', undefined)).toThrow('unknown database "PGlite"');
  });

  it('refuses any narrowing under CI', () => {
    expect(() => parseTestDatabases('pglite', 'true')).toThrow('leaves out postgres, but CI runs the suite');
    expect(() => parseTestDatabases('postgres', '1')).toThrow('leaves out pglite');
    expect(parseTestDatabases('pglite,postgres', 'true')).toEqual(['pglite', 'postgres']);
  });
});
