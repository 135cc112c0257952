import { loadBundle, loadLanguageBundle, loadLanguageBundles } from '@slugsmith/dictionaries';
import { Generator } from '@slugsmith/generator';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from './support/app.js';
import { orgWithOwner } from './support/keys.js';
import { unlimitedPlan } from './support/plans.js';

/**
 * Issue 35 item 6, server side: forge, pattern-info, capacity and the dictionary routes bind the
 * language bundles; series pin the language bundles they read.
 */

/** German nouns' genders and every adjective form of each gender, from the bundle's own data. */
function germanAgreement() {
  const de = loadLanguageBundle('de');
  const genders = new Map<string, string>();
  const forms = new Map<string, Set<string>>();
  for (const d of de.dictionaries) {
    for (const w of d.words as { word: string; tags: string[]; forms?: Record<string, string> }[]) {
      if (d.kind === 'noun') {
        const gender = w.tags.find((t) => t === 'masculine' || t === 'feminine' || t === 'neuter');
        if (gender) genders.set(w.word.toLowerCase(), gender);
      }
      if (d.kind === 'adjective' && w.forms) {
        for (const [gender, form] of Object.entries(w.forms)) {
          if (!forms.has(gender)) forms.set(gender, new Set());
          forms.get(gender)?.add(form.toLowerCase());
        }
      }
    }
  }
  return { genders, forms };
}

describeEachDatabase('patterns in other languages through the API', (ctx) => {
  let key: string;
  let owner: Awaited<ReturnType<typeof orgWithOwner>>;
  const engine = new Generator(loadBundle(), { languages: loadLanguageBundles() });

  beforeAll(async () => {
    owner = await orgWithOwner(ctx(), 'languages');
    await unlimitedPlan(ctx(), owner.org);
    key = (await owner.apiKey({})).key;
  });

  const post = (url: string, body: unknown) =>
    ctx().request('POST', `/api/v1${url}`, { headers: { 'x-api-key': key }, body });

  it('forges {adjective@de}-{noun@de} with adjectives agreeing in gender with their noun', async () => {
    const forged = await post('/gen/forge', {
      pattern: '{adjective@de}-{noun@de}',
      seed: 'agreement',
      count: 500,
    });
    expect(forged.status).toBe(200);
    expect(forged.body).toEqual(engine.forge('{adjective@de}-{noun@de}', { seed: 'agreement', count: 500 }));
    const { genders, forms } = germanAgreement();
    const seen = new Set<string>();
    for (const slug of forged.body as string[]) {
      const [adjective, noun, ...rest] = slug.split('-');
      expect(rest).toEqual([]);
      const gender = genders.get(noun);
      expect(gender, `gender of ${noun}`).toBeDefined();
      seen.add(gender as string);
      expect(
        forms.get(gender as string)?.has(adjective),
        `${adjective} agrees with ${noun} (${gender})`,
      ).toBe(true);
    }
    // All three genders came up, so the check above met every ending.
    expect([...seen].sort()).toEqual(['feminine', 'masculine', 'neuter']);
  });

  it('forges with a global language and streams language patterns', async () => {
    const fr = await post('/gen/forge', { pattern: '{adjective}-{noun}[@fr]', seed: 's', count: 20 });
    expect(fr.status).toBe(200);
    expect(fr.body).toEqual(engine.forge('{adjective}-{noun}[@fr]', { seed: 's', count: 20 }));
    const streamed = await ctx().app.server.inject({
      method: 'POST',
      url: '/api/v1/gen/forge/stream',
      headers: { 'x-api-key': key },
      payload: { pattern: '{noun@it}', seed: 's', count: 30 },
    });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.body.trim().split('\n')).toEqual(engine.forge('{noun@it}', { seed: 's', count: 30 }));
  });

  it('pattern-info and capacity give the engine capacity of a language pattern', async () => {
    for (const pattern of [
      '{adjective@de}-{noun@de}',
      '{adjective}-{noun}[@fr]',
      '{adjective@zh}的{noun@zh}',
    ]) {
      const expected = engine.patternInfo(pattern);
      const info = await post('/gen/pattern-info', { pattern });
      expect(info.status).toBe(200);
      expect(info.body).toEqual(expected);
      const capacity = await post('/forge/capacity', { pattern });
      expect(capacity.status).toBe(200);
      expect(capacity.body).toBe(expected.capacity);
    }
    // The English hot path is what it was: the same capacity as the English-only engine.
    const english = await post('/gen/pattern-info', { pattern: '{adjective}-{noun}' });
    expect(english.body.capacity).toBe(
      new Generator(loadBundle()).patternInfo('{adjective}-{noun}').capacity,
    );
  });

  it('an unknown language is the engine error as a 400 in the house format', async () => {
    for (const url of ['/gen/forge', '/gen/pattern-info']) {
      const refused = await post(url, { pattern: '{adjective@xx}-{noun}', count: 1 });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe(400);
      expect(refused.body.message).toBe("No 'adjective' dictionary for language 'xx'");
      expect(refused.body.details.expected).toEqual(expect.arrayContaining(['@de', '@en', '@fr']));
    }
  });

  it('dictionary-info and dictionary-tags list the languages', async () => {
    const info = await ctx().request('GET', '/api/v1/gen/dictionary-info', { headers: { 'x-api-key': key } });
    expect(info.status).toBe(200);
    const nounsDe = loadLanguageBundle('de').dictionaries.find((d) => d.kind === 'noun');
    expect(info.body).toContainEqual({ kind: 'noun', language: 'de', count: nounsDe?.words.length });
    expect(info.body).toContainEqual(expect.objectContaining({ kind: 'noun', language: 'en' }));

    // By default English (and language-agnostic) tags, as before; ?language=all every language.
    const englishTags = await ctx().request('GET', '/api/v1/gen/dictionary-tags', {
      headers: { 'x-api-key': key },
    });
    expect(englishTags.status).toBe(200);
    expect(new Set((englishTags.body as { language: string | null }[]).map((t) => t.language))).toEqual(
      new Set(['en', null]),
    );
    const tags = await ctx().request('GET', '/api/v1/gen/dictionary-tags?language=all', {
      headers: { 'x-api-key': key },
    });
    expect(tags.status).toBe(200);
    const languages = new Set((tags.body as { language: string | null }[]).map((t) => t.language));
    for (const language of ['de', 'en', 'fr', 'it', 'pt']) expect(languages).toContain(language);
    const german = await ctx().request('GET', '/api/v1/tags?language=de');
    expect(german.status).toBe(200);
    expect(german.body).toEqual(
      (tags.body as { language: string | null }[]).filter((t) => t.language === 'de' || t.language === null),
    );
    const feminine = (
      tags.body as { kind: string; language: string; tag: string; word_count: number }[]
    ).find((t) => t.kind === 'noun' && t.language === 'de' && t.tag === 'feminine');
    expect(feminine?.word_count).toBeGreaterThan(100);

    const page = await ctx().request('GET', '/api/v1/gen/dictionary-tags/noun?language=de&limit=1000', {
      headers: { 'x-api-key': key },
    });
    expect(page.status).toBe(200);
    expect(page.body.data.length).toBeGreaterThan(0);
    expect(page.body.data.every((t: { language: string }) => t.language === 'de')).toBe(true);
    const english = await ctx().request('GET', '/api/v1/gen/dictionary-tags/noun', {
      headers: { 'x-api-key': key },
    });
    expect(english.body.data.every((t: { language: string }) => t.language === 'en')).toBe(true);
    const bad = await ctx().request('GET', '/api/v1/gen/dictionary-tags/noun?language=DE!', {
      headers: { 'x-api-key': key },
    });
    expect(bad.status).toBe(400);
  });

  it('a series takes language placeholders and pins their bundles (series-languages.test.ts); an unknown language is refused', async () => {
    const created = await ctx().request('POST', `/api/v1/orgs/${owner.org}/series`, {
      token: owner.owner.token,
      body: { name: 'Deutsch', pattern: '{adjective}-{noun}[@fr]' },
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body.language_bundles)).toEqual(['fr']);
    const bad = await ctx().request('POST', `/api/v1/orgs/${owner.org}/series`, {
      token: owner.owner.token,
      body: { name: 'Bad', pattern: '{noun@xx}' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("No 'noun' dictionary for language 'xx'");
  });
});
