import { DOCUMENT_LANGUAGES } from '@slugsmith/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { orgSubscriptions } from '../src/db/schema.js';
import { describeEachDatabase } from './support/app.js';
import { buyWithTestCard, orgId, priceId } from './support/billing-core.js';
import { orgWithOwner } from './support/keys.js';

const TRANSLATED = DOCUMENT_LANGUAGES.filter((l) => l !== 'en');
const SEEDED_FOR_SALE = ['free', 'pro', 'team', 'enterprise', 'on-premise'];

type Plan = {
  slug: string;
  name: string;
  description: string;
  language: string;
  features: Record<string, unknown>;
};
const plansOf = (body: { groups: { plans: Plan[] }[] }) => body.groups.flatMap((g) => g.plans);

describeEachDatabase('plan texts per language', (ctx) => {
  it('seeds every plan on sale and every agreement in every stored language', async () => {
    const admin = await ctx().admin();
    const plans = await ctx().request('GET', '/api/v1/admin/subscriptions', { token: admin.token });
    for (const slug of SEEDED_FOR_SALE) {
      const plan = plans.body.find((p: { slug: string }) => p.slug === slug);
      expect(plan.translations.map((t: { language: string }) => t.language).sort(), slug).toEqual(
        [...TRANSLATED].sort(),
      );
      for (const t of plan.translations)
        expect(t.description, `${slug} ${t.language}`).not.toBe(plan.description);
    }
    const agreements = await ctx().request('GET', '/api/v1/admin/agreements', { token: admin.token });
    expect(agreements.status).toBe(200);
    for (const a of agreements.body) {
      expect(a.translations.map((t: { language: string }) => t.language).sort(), a.type).toEqual(
        [...TRANSLATED].sort(),
      );
    }
  });

  it('answers in the language of ?language, else Accept-Language, else English', async () => {
    const byQuery = await ctx().request('GET', '/api/v1/subscriptions?language=de-DE');
    const pro = plansOf(byQuery.body).find((p) => p.slug === 'pro');
    expect(pro).toMatchObject({ language: 'de', name: 'Pro' });
    expect(pro?.description).toMatch(/^Für Anwendungen im Produktivbetrieb/);
    expect(pro?.features).toMatchObject({
      sla_support_availability: 'Werktage',
      sla_support_response_time: '48 Std.',
      sla_availability: '99,5\u00a0%',
      // A plan's identifier stays as it is.
      sla_plan_slug: 'standard',
    });

    const byHeader = await ctx().request('GET', '/api/v1/subscriptions/free', {
      headers: { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.5' },
    });
    expect(byHeader.body).toMatchObject({ language: 'ja', name: '無料' });
    expect(byHeader.body.features.sla_support_availability).toBe('コミュニティ');

    // The query wins over the header; an unknown or malformed language is English, never an error.
    const both = await ctx().request('GET', '/api/v1/subscriptions/free?language=fr', {
      headers: { 'accept-language': 'ja' },
    });
    expect(both.body).toMatchObject({ language: 'fr', name: 'Gratuit' });
    for (const odd of ['xx-YY', 'de_DE%00', '%E2%9C%93', 'en-GB']) {
      const r = await ctx().request('GET', `/api/v1/subscriptions/free?language=${odd}`);
      expect(r.status, odd).toBe(200);
      expect(r.body, odd).toMatchObject({ language: 'en', name: 'Free' });
    }
    const tooLong = await ctx().request('GET', `/api/v1/subscriptions?language=${'a'.repeat(40)}`);
    expect(tooLong.status).toBe(400);

    const agreements = await ctx().request('GET', '/api/v1/agreements/latest?language=sr-Latn');
    expect(agreements.body.find((a: { type: string }) => a.type === 'privacy_policy')).toMatchObject({
      language: 'sr-Latn',
      title: 'Politika privatnosti',
    });
    const english = await ctx().request('GET', '/api/v1/agreements/latest');
    expect(english.body.every((a: { language: string }) => a.language === 'en')).toBe(true);
  });

  it("names an organisation's subscribed plans in the reader's language", async () => {
    const { owner, org } = await orgWithOwner(ctx(), 'Müller Translations');
    const read = (query: string, headers?: Record<string, string>) =>
      ctx().request('GET', `/api/v1/orgs/${org}/subscriptions${query}`, { token: owner.token, headers });
    expect((await read('?language=de')).body[0].plan).toMatchObject({ slug: 'free', name: 'Kostenlos' });
    expect((await read('', { 'accept-language': 'ko-KR' })).body[0].plan.name).toBe('무료');
    expect((await read('')).body[0].plan.name).toBe('Free');
  });

  it('lets staff set, replace and remove a translation; a missing one falls back to English', async () => {
    const admin = await ctx().admin();
    const created = await ctx().request('POST', '/api/v1/admin/subscriptions', {
      token: admin.token,
      body: {
        slug: 'translated-plan',
        name: 'Starter',
        description: 'For starting out.',
        plan_type: 'saas',
        state: 'active',
        features: (await ctx().request('GET', '/api/v1/admin/subscriptions/pro', { token: admin.token })).body
          .features,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.translations).toEqual([]);

    const english = await ctx().request('GET', '/api/v1/subscriptions/translated-plan?language=ja');
    expect(english.body).toMatchObject({ language: 'en', name: 'Starter', description: 'For starting out.' });

    const put = await ctx().request('PUT', '/api/v1/admin/subscriptions/translated-plan/translations/ja-JP', {
      token: admin.token,
      body: {
        name: 'スターター',
        description: 'はじめての方に。',
        sla: { sla_support_availability: '営業日', sla_availability: '' },
      },
    });
    expect(put.status).toBe(200);
    expect(put.body.translations).toEqual([
      expect.objectContaining({
        language: 'ja',
        name: 'スターター',
        description: 'はじめての方に。',
        // Empty words are not kept: they show the English value.
        sla: { sla_support_availability: '営業日' },
      }),
    ]);
    const japanese = await ctx().request('GET', '/api/v1/subscriptions/translated-plan?language=ja');
    expect(japanese.body).toMatchObject({
      language: 'ja',
      name: 'スターター',
      description: 'はじめての方に。',
    });
    expect(japanese.body.features).toMatchObject({
      sla_support_availability: '営業日',
      sla_availability: '99.5%',
    });
    // Korean has no translation: English, marked as such.
    const korean = await ctx().request('GET', '/api/v1/subscriptions/translated-plan?language=ko-KR');
    expect(korean.body).toMatchObject({ language: 'en', name: 'Starter' });

    const replaced = await ctx().request(
      'PUT',
      '/api/v1/admin/subscriptions/translated-plan/translations/ja',
      {
        token: admin.token,
        body: { name: 'スターター２' },
      },
    );
    expect(replaced.body.translations).toEqual([
      expect.objectContaining({ language: 'ja', name: 'スターター２', description: '', sla: {} }),
    ]);

    const audit = await ctx().request(
      'GET',
      '/api/v1/admin/audit?object_type=plan&object_id=translated-plan',
      {
        token: admin.token,
      },
    );
    expect(audit.body.items.map((e: { action: string }) => e.action)).toContain('plan.translate');

    const removed = await ctx().request(
      'DELETE',
      '/api/v1/admin/subscriptions/translated-plan/translations/ja',
      {
        token: admin.token,
      },
    );
    expect(removed.status).toBe(204);
    const again = await ctx().request(
      'DELETE',
      '/api/v1/admin/subscriptions/translated-plan/translations/ja',
      {
        token: admin.token,
      },
    );
    expect(again.status).toBe(404);
    const back = await ctx().request('GET', '/api/v1/subscriptions/translated-plan?language=ja');
    expect(back.body).toMatchObject({ language: 'en', name: 'Starter' });
  });

  it('refuses English, unknown languages, bad bodies and unknown plans with clear errors', async () => {
    const admin = await ctx().admin();
    const put = (path: string, body: unknown) =>
      ctx().request('PUT', `/api/v1/admin/subscriptions/${path}`, { token: admin.token, body });
    const en = await put('pro/translations/en-GB', { name: 'Pro' });
    expect(en.status).toBe(400);
    expect(en.body.message).toMatch(/English is the original/);
    const unknown = await put('pro/translations/pt-BR', { name: 'Pro' });
    expect(unknown).toMatchObject({ status: 400, body: { message: 'Unsupported language' } });
    expect((await put('pro/translations/de', { name: '' })).status).toBe(400);
    expect((await put('pro/translations/de', { name: 'Pro', sla: { sla_plan_slug: 'x' } })).status).toBe(400);
    expect((await put('pro/translations/de', { name: 'Pro', extra: 1 })).status).toBe(400);
    expect((await put('no-such-plan/translations/de', { name: 'X' })).status).toBe(404);
    // Nobody but staff writes translations.
    const user = await ctx().token({ email: 'reader@example.com' });
    await ctx().request('POST', '/api/v1/accounts', { token: user });
    await ctx().acceptAllAgreements(user);
    const refused = await ctx().request('PUT', '/api/v1/admin/subscriptions/pro/translations/de', {
      token: user,
      body: { name: 'Pro' },
    });
    expect(refused.status).toBe(403);
  });

  it('lets staff translate an agreement title', async () => {
    const admin = await ctx().admin();
    const latest = (await ctx().request('GET', '/api/v1/agreements/latest')).body as {
      type: string;
      version: string;
    }[];
    const eula = latest.find((a) => a.type === 'eula');
    const path = `/api/v1/admin/agreements/eula/${eula?.version}/translations`;
    const put = await ctx().request('PUT', `${path}/de-AT`, {
      token: admin.token,
      body: { title: 'Lizenzvertrag für Endbenutzer' },
    });
    expect(put.status).toBe(200);
    expect(put.body.translations).toContainEqual(
      expect.objectContaining({ language: 'de', title: 'Lizenzvertrag für Endbenutzer' }),
    );
    const read = await ctx().request('GET', '/api/v1/agreements/latest', {
      headers: { 'accept-language': 'de-CH' },
    });
    expect(read.body.find((a: { type: string }) => a.type === 'eula')).toMatchObject({
      language: 'de',
      title: 'Lizenzvertrag für Endbenutzer',
    });
    expect((await ctx().request('DELETE', `${path}/de`, { token: admin.token })).status).toBe(204);
    const fallback = await ctx().request('GET', '/api/v1/agreements/latest?language=de');
    expect(fallback.body.find((a: { type: string }) => a.type === 'eula')).toMatchObject({
      language: 'en',
      title: 'End-User Licence Agreement',
    });
    expect(
      (
        await ctx().request('PUT', '/api/v1/admin/agreements/eula/1999-01-01/translations/de', {
          token: admin.token,
          body: { title: 'X' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await ctx().request('PUT', `${path}/fr`, { token: admin.token, body: { title: '   ' } })).status,
    ).toBe(400);
  });
});

describeEachDatabase("the billing history in the reader's language (local sandbox)", (ctx) => {
  beforeAll(async () => {
    // The sandbox delivers its events over HTTP to this server.
    await ctx().app.server.listen({ port: 0, host: '127.0.0.1' });
  });

  it('names the plan and period a payment was for in the language asked', async () => {
    const admin = (await ctx().admin()).token;
    const { owner, org } = await orgWithOwner(ctx(), 'Translated History');
    await buyWithTestCard(ctx(), { org, token: owner.token, plan: 'team', period: 'monthly' });
    const history = async (query = '') => {
      for (let i = 0; i < 100; i++) {
        await ctx().request('POST', '/api/v1/admin/local/run', { token: admin });
        const r = await ctx().request('GET', `/api/v1/orgs/${org}/billing/transactions${query}`, {
          token: owner.token,
        });
        if (r.body.length > 0) return r.body[0].items;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('no transaction recorded');
    };
    expect(await history('?language=fr-FR')).toEqual([
      expect.objectContaining({ plan: { slug: 'team', name: 'Équipe' }, period: 'monthly', quantity: 1 }),
    ]);
    expect((await history())[0]).toMatchObject({ plan: { slug: 'team', name: 'Team' }, period: 'monthly' });
    // The provider's own wording stays as it was, and the stored price id is not shown.
    const [item] = await history('?language=ja');
    expect(item.plan.name).toBe('チーム');
    expect(item.description).toMatch(/^Team/);
    expect(item).not.toHaveProperty('priceId');

    // A change asked of the provider and not confirmed yet names its plan in the reader's words too
    // (the change stores the English name of when it was asked).
    const db = ctx().app.database.db;
    const paidSubscription = async () => {
      for (let i = 0; i < 100; i++) {
        await ctx().request('POST', '/api/v1/admin/local/run', { token: admin });
        const r = await ctx().request('GET', `/api/v1/orgs/${org}/subscriptions`, { token: owner.token });
        if (r.body.some((sub: { billing: unknown }) => sub.billing)) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the paid subscription never arrived');
    };
    await paidSubscription();
    await db
      .update(orgSubscriptions)
      .set({
        pendingChange: {
          priceId: await priceId(ctx(), 'team', 'monthly'),
          planSlug: 'team',
          planName: 'Team',
          period: 'monthly',
          quantity: 2,
          // Ahead of the sandbox's events still on their way, which would otherwise settle it.
          requestedAt: new Date(Date.now() + 10 * 60_000).toISOString(),
        },
      })
      .where(and(eq(orgSubscriptions.orgId, await orgId(ctx(), org)), isNotNull(orgSubscriptions.provider)));
    const subs = await ctx().request('GET', `/api/v1/orgs/${org}/subscriptions?language=ja`, {
      token: owner.token,
    });
    const pending = subs.body.find((s: { billing: unknown }) => s.billing)?.billing.pending_change;
    expect(pending).toMatchObject({ plan: { slug: 'team', name: 'チーム' }, quantity: 2 });
  });
});
