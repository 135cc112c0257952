/**
 * The end-to-end harness: serves the built app (dist/) the way the server will — static files,
 * then index.html for every other path outside /api and /oidc — and stands in for the generation
 * API with the real engine and the real dictionary bundle. Like the server it serves a public
 * SDK config (`/console-config`) and its key (`/jwks`), and answers generation calls only when
 * they are signed with that key (the console's generator client, product spec §4).
 * With `api: 'none'` every API path answers 404, which drives the app's error and empty states.
 */
import { generateKeyPairSync, verify } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { signingString } from '@slugsmith/contract';
import { loadBundle, loadLanguageBundles } from '@slugsmith/dictionaries';
import { Generator, GeneratorError, PatternError } from '@slugsmith/generator';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

export interface Harness {
  url: string;
  /** Requests seen under /api, for assertions (method and path). */
  requests: string[];
  /** Generation calls that carried a valid signature of the console's SDK config. */
  signed: string[];
  close(): Promise<void>;
}

export interface HarnessOptions {
  dist: string;
  api: 'generator' | 'none';
  /** Documents served at /api/v1/docs/{name} (data documents such as pattern-examples). */
  documents?: Record<string, unknown>;
  /** Extra API routes, tried first (e.g. documentStore() of docs-fixtures.ts); true when answered. */
  routes?: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

/** The stand-in's public SDK config and its one signing key (EC P-256, eternal). */
const CONSOLE_CONFIG = 'harness-console';
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const privateJwk = privateKey.export({ format: 'jwk' });
const consoleKey = {
  slug: 'harness-key',
  jwk: { kty: 'EC', crv: 'P-256', x: privateJwk.x, y: privateJwk.y, d: privateJwk.d },
  effective_from: '2020-01-01T00:00:00.000Z',
  effective_to: null,
};

/** Does the request carry the headers of a signed call, signed with the console's key? */
function signedByConsole(req: IncomingMessage, path: string): boolean {
  const timestamp = req.headers['x-timestamp'];
  const slug = req.headers['x-sdk-slug'];
  const signature = req.headers['x-signature'];
  if (typeof timestamp !== 'string' || typeof signature !== 'string' || slug !== CONSOLE_CONFIG) return false;
  const data = Buffer.from(signingString(req.method ?? 'GET', path, slug, timestamp));
  return verify(
    'sha256',
    data,
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
}

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const requests: string[] = [];
  const signed: string[] = [];
  const generator =
    options.api === 'generator' ? new Generator(loadBundle(), { languages: loadLanguageBundles() }) : null;
  const index = await readFile(join(options.dist, 'index.html'));

  const api = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    requests.push(`${req.method} ${path}`);
    if (req.method === 'POST' && path === '/api/v1/analytics') return send(res, 202, {});
    if (await options.routes?.(req, res)) return;
    // A development instance: the one-time warning is on (tests dismiss it up front unless they test it).
    if (req.method === 'GET' && path === '/api/v1/settings')
      return send(res, 200, {
        dev_warning: true,
        sandbox_disclaimer: false,
        support_contact: null,
        payment_provider: 'local',
      });
    const docs = /^\/api\/v1\/docs\/([^/?]+)/.exec(path);
    if (docs && req.method === 'GET' && options.documents?.[docs[1]] !== undefined)
      return send(res, 200, { slug: docs[1], data: options.documents[docs[1]] });
    if (!generator) return send(res, 404, { code: 404, message: 'Resource not found' });
    if (req.method === 'GET' && path === '/api/v1/console-config')
      return send(res, 200, { sdk_config: CONSOLE_CONFIG, scopes: ['forge'] });
    if (req.method === 'POST' && path === '/api/v1/jwks') {
      const body = await readJson(req);
      if (body.config !== CONSOLE_CONFIG) return send(res, 404, { code: 404, message: 'Resource not found' });
      return send(res, 200, [consoleKey]);
    }
    if (path.startsWith('/api/v1/gen/')) {
      if (!signedByConsole(req, path)) return send(res, 401, { code: 401, message: 'Invalid signature' });
      signed.push(`${req.method} ${path}`);
    }
    try {
      if (req.method === 'POST' && path === '/api/v1/gen/forge') {
        const body = await readJson(req);
        return send(
          res,
          200,
          generator.forge(String(body.pattern), {
            count: Number(body.count ?? 1),
            seed: body.seed as string | undefined,
            sequence: body.sequence as number | undefined,
          }),
        );
      }
      if (req.method === 'POST' && path === '/api/v1/gen/pattern-info') {
        const body = await readJson(req);
        return send(res, 200, generator.patternInfo(String(body.pattern)));
      }
      if (req.method === 'GET' && path === '/api/v1/gen/dictionary-info')
        return send(res, 200, generator.dictionaryInfo());
      if (req.method === 'GET' && path === '/api/v1/gen/dictionary-tags') {
        // ?language= as the server reads it: a language's tags with the language-agnostic ones.
        const language = new URL(req.url ?? '/', 'http://x').searchParams.get('language') ?? 'en';
        const tags = generator.dictionaryTags();
        return send(
          res,
          200,
          language === 'all' ? tags : tags.filter((t) => t.language === language || t.language === null),
        );
      }
    } catch (error) {
      if (error instanceof PatternError || error instanceof GeneratorError)
        return send(res, 400, { code: 400, message: error.message });
      throw error;
    }
    return send(res, 404, { code: 404, message: 'Resource not found' });
  };

  const server: Server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      if (path.startsWith('/api/') || path.startsWith('/oidc/')) return await api(req, res, path);
      const file = normalize(join(options.dist, path));
      if (file.startsWith(options.dist) && extname(file)) {
        const info = await stat(file).catch(() => null);
        if (info?.isFile()) {
          res.writeHead(200, {
            'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
            'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          });
          return res.end(await readFile(file));
        }
        // A missing asset is a 404, never the app shell.
        if (path.startsWith('/assets/') || path.startsWith('/locales/')) {
          res.writeHead(404, { 'content-type': 'text/plain' });
          return res.end('Not found');
        }
      }
      res.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-cache' });
      res.end(index);
    } catch (error) {
      send(res, 500, { code: 500, message: error instanceof Error ? error.message : 'error' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    signed,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
