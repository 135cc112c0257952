import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { importJWK, type JWK, SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import { mailOutbox } from '../../src/db/schema.js';
import { type Config, loadConfig } from '../../src/platform/config.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** PostgreSQL for the integration suite (CI starts it); every test file works in its own schema. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const ALL_DATABASES: readonly DatabaseKind[] = ['pglite', 'postgres'];

/**
 * Which databases the suite runs on: both unless SLUGSMITH_TEST_DATABASES narrows it on a developer's
 * machine. An unknown name is refused rather than dropped (a typo would silently remove every
 * PostgreSQL, two-node and Redis test), and under CI nothing may be left out.
 */
export function parseTestDatabases(value: string | undefined, ci: string | undefined): DatabaseKind[] {
  if (value === undefined) return [...ALL_DATABASES];
  const names = value.split(',').map((s) => s.trim());
  const unknown = names.filter((s) => !(ALL_DATABASES as readonly string[]).includes(s));
  if (unknown.length > 0) {
    throw new Error(
      `SLUGSMITH_TEST_DATABASES=${JSON.stringify(value)}: unknown database ${unknown.map((s) => JSON.stringify(s)).join(', ')}; use a comma-separated list of ${ALL_DATABASES.join(', ')}`,
    );
  }
  const chosen = ALL_DATABASES.filter((kind) => names.includes(kind));
  if (ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0' && chosen.length < ALL_DATABASES.length) {
    throw new Error(
      `SLUGSMITH_TEST_DATABASES=${JSON.stringify(value)} leaves out ${ALL_DATABASES.filter((k) => !chosen.includes(k)).join(', ')}, but CI runs the suite on every database: unset it`,
    );
  }
  return chosen;
}

export const testDatabases: DatabaseKind[] = parseTestDatabases(
  process.env.SLUGSMITH_TEST_DATABASES,
  process.env.CI,
);

export function testConfig(kind: DatabaseKind, env: Record<string, string> = {}): Config {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  return loadConfig({
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:8080',
    ...(kind === 'pglite'
      ? { DATA_DIR: 'memory://' }
      : { DATABASE_URL: testDatabaseUrl, DATABASE_SCHEMA: schema }),
    ...env,
  });
}

/** Closes the app and, on PostgreSQL, drops the schema the test worked in. */
export async function closeApp(app: App, config: Config): Promise<void> {
  await app.server.close();
  if (config.database.kind === 'postgres' && config.database.schema !== 'public') {
    const client = new pg.Client({ connectionString: config.database.url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${config.database.schema}" CASCADE`);
    await client.end();
  }
}

/**
 * Runs `body` once per test database with a fresh app built before the block's tests, e.g.
 * `describe [pglite] accounts` and `describe [postgres] accounts`.
 */
export function describeEachDatabase(name: string, body: (ctx: () => TestContext) => void): void {
  for (const kind of testDatabases) {
    describe(`[${kind}] ${name}`, () => {
      let ctx: TestContext | undefined;
      beforeAll(async () => {
        const config = testConfig(kind);
        ctx = new TestContext(await buildApp(config), config);
      });
      afterAll(async () => {
        if (ctx) await closeApp(ctx.app, ctx.config);
      });
      body(() => {
        if (!ctx) throw new Error('app not started');
        return ctx;
      });
    });
  }
}

export interface TokenOptions {
  subject?: string;
  email?: string;
  expiresInSeconds?: number;
  /** Sign with this key instead of the provider's (a forged token). */
  key?: JWK;
  audience?: string;
  issuer?: string;
  /** The email_verified claim (default true: the issuer vouches for the address). */
  emailVerified?: boolean;
}

export class TestContext {
  constructor(
    readonly app: App,
    readonly config: Config,
  ) {}

  /** An access token as the built-in provider would issue it. */
  async token(options: TokenOptions = {}): Promise<string> {
    const auth = this.config.auth;
    const jwk = options.key ?? this.app.builtin?.signingKeys[0];
    if (!jwk) throw new Error('no signing key');
    const now = Math.floor(Date.now() / 1000);
    const exp = now + (options.expiresInSeconds ?? 600);
    return new SignJWT({
      email: options.email,
      email_verified: options.emailVerified ?? true,
      scope: 'openid email',
    })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
      .setIssuer(options.issuer ?? auth.issuer)
      .setAudience(options.audience ?? auth.audience)
      .setSubject(options.subject ?? randomBytes(8).toString('hex'))
      .setIssuedAt(Math.min(now, exp - 60))
      .setExpirationTime(exp)
      .sign(await importJWK(jwk, 'RS256'));
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const response = await this.app.server.inject({
      method,
      url,
      headers: {
        ...(options.token && { authorization: `Bearer ${options.token}` }),
        ...options.headers,
      },
      ...(options.body !== undefined && { payload: options.body as object }),
    });
    const text = response.body;
    return {
      status: response.statusCode,
      headers: response.headers,
      body: text ? JSON.parse(text) : undefined,
    };
  }

  /** The seeded staff account, signed in, with the agreements accepted. */
  async admin() {
    const { findLocalUserByEmail } = await import('../../src/auth/builtin/users.js');
    const email = (this.config.auth as { adminEmail: string }).adminEmail;
    const user = await findLocalUserByEmail(this.app.database.db, email);
    if (!user) throw new Error('no seeded admin');
    const token = await this.token({ subject: user.id, email });
    await this.acceptAllAgreements(token);
    return { email, token };
  }

  async acceptAllAgreements(token: string) {
    const latest = await this.request('GET', '/api/v1/agreements/latest');
    const accepted = await this.request('POST', '/api/v1/accounts/agreements', {
      token,
      body: {
        agreement_versions: latest.body.map((a: { type: string; version: string }) => ({
          agreement_type: a.type,
          agreement_version: a.version,
        })),
      },
    });
    if (accepted.status !== 200) throw new Error(`agreements not accepted: ${JSON.stringify(accepted.body)}`);
  }

  /** The token of the last invitation link e-mailed to `email` (the embedded outbox keeps it). */
  async invitationToken(email: string): Promise<string> {
    const [mail] = await this.app.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, email.toLowerCase()), eq(mailOutbox.kind, 'invitation')))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    const token = mail?.textBody.match(/\/invitations\/([\w-]+)/)?.[1];
    if (!token) throw new Error(`no invitation to ${email}`);
    return token;
  }

  /**
   * Makes `member` a member of `org` the only way there is: `inviter` adds the address (an
   * invitation), and the member accepts the e-mailed link.
   */
  async join(
    org: string,
    inviter: { token: string },
    member: { email: string; token: string },
    role: 'member' | 'admin' | 'owner' = 'member',
  ): Promise<void> {
    const invited = await this.request('POST', `/api/v1/orgs/${org}/members`, {
      token: inviter.token,
      body: { email: member.email, role },
    });
    if (invited.status !== 202) throw new Error(`not invited: ${JSON.stringify(invited.body)}`);
    const link = await this.invitationToken(member.email);
    const accepted = await this.request('POST', `/api/v1/invitations/${link}/accept`, {
      token: member.token,
    });
    if (accepted.status !== 200) throw new Error(`invitation not accepted: ${JSON.stringify(accepted.body)}`);
  }

  /** A new person: token, account (with personal organisation) and accepted agreements. */
  async person(name: string, options: { acceptAgreements?: boolean } = {}) {
    const email = `${name}-${randomBytes(3).toString('hex')}@example.com`;
    const token = await this.token({ email });
    const created = await this.request('POST', '/api/v1/accounts', { token });
    if (created.status !== 201) throw new Error(`account not created: ${JSON.stringify(created.body)}`);
    if (options.acceptAgreements !== false) await this.acceptAllAgreements(token);
    return { email, token, slug: created.body.slug as string };
  }
}
