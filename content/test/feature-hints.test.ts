import { describe, expect, it } from 'vitest';
import { LANGUAGES, listDataDocuments } from '../src/index.js';

// The feature and limit keys of product-spec §3.
const OPERATIONS = ['forge', 'mint', 'slice'];
const KEYS = [
  'max_series',
  'req_per_minute',
  'burst_req_per_minute',
  ...OPERATIONS.flatMap((op) => [
    `${op}_enabled`,
    `max_${op}_per_day`,
    `max_${op}_per_month`,
    `max_${op}_per_request`,
    `${op}_stream_enabled`,
    `max_${op}_per_stream_request`,
  ]),
  'slice_window_back',
  'slice_window_forward',
  'max_pattern_components',
  'max_pattern_complexity',
  'sla_max_requests_per_day',
  'sla_max_requests_per_month',
  'sla_support_response_time',
  'sla_support_availability',
  'sla_response_time',
  'sla_availability',
  'sla_plan_slug',
  'api_access',
  'api_key_access',
  'sdk_access',
  'max_nodes',
  'management_ui_available',
].sort();

const files = listDataDocuments().filter((d) => d.name === 'feature-hints');
const english = files.find((f) => f.lang === 'en')?.data as Record<string, string>;

describe('feature-hints', () => {
  it('exists in every language', () => {
    expect(files.map((f) => f.lang).sort()).toEqual([...LANGUAGES].sort());
  });

  it('English has a hint for every feature and limit key', () => {
    expect(Object.keys(english).sort()).toEqual(KEYS);
  });

  it.each(files.map((f) => ({ lang: f.lang, data: f.data as Record<string, unknown> })))(
    '$lang has the same keys, each a short non-empty text',
    ({ lang, data }) => {
      expect(Object.keys(data).sort()).toEqual(KEYS);
      for (const [key, hint] of Object.entries(data)) {
        expect(typeof hint, `${lang} ${key}`).toBe('string');
        expect((hint as string).trim().length, `${lang} ${key}`).toBeGreaterThan(5);
        expect((hint as string).length, `${lang} ${key}`).toBeLessThan(240);
        if (lang !== 'en') expect(hint, `${lang} ${key}`).not.toBe(english[key]);
      }
    },
  );
});
