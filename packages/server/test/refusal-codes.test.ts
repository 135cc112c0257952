import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RefusalCode } from '@slugsmith/contract';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from './support/app.js';

/** Every TypeScript source of the server, as text. */
function sources(dir = join(import.meta.dirname, '../src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [readFileSync(path, 'utf8')] : [];
  });
}

const server = sources().join('\n');
const codes: readonly string[] = RefusalCode.options;

describe('refusal codes', () => {
  it('sends no reason the contract does not list', () => {
    // `reason: 'x'` as a value (a type such as `reason: 'a' | 'b'` is not a refusal).
    const sent = [...server.matchAll(/\breason: '([^']+)'(?=\s*[,}\n])/g)].map((m) => m[1]);
    expect(sent.length).toBeGreaterThan(40);
    expect(sent.filter((code) => !codes.includes(code as string))).toEqual([]);
  });

  it('lists no code the server never sends', () => {
    // A code is sent where the server names it: in a refusal's details, a table of reasons or a
    // narrowed union (the 429 reasons of each period, a checkout the sandbox refuses).
    expect(codes.filter((code) => !server.includes(`'${code}'`))).toEqual([]);
  });

  it('keeps the 429 reasons the reference clients read', () => {
    for (const reason of ['rate-limit-exceeded', 'daily-limit-exceeded', 'monthly-limit-exceeded']) {
      expect(codes).toContain(reason);
    }
  });
});

describeEachDatabase('refusal codes in the OpenAPI document', (ctx) => {
  it('types the error body’s details.reason by the RefusalCode enum', async () => {
    const answer = await ctx().app.server.inject({ method: 'GET', url: '/api/openapi.json' });
    const { components } = answer.json() as {
      components: { schemas: Record<string, Record<string, unknown>> };
    };
    expect(components.schemas.RefusalCode?.enum).toEqual(codes);
    expect(JSON.stringify(components.schemas.Error)).toContain(
      '"reason":{"$ref":"#/components/schemas/RefusalCode"}',
    );
  });
});
