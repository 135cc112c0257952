import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SdkJwk } from '@slugsmith/contract';
import type { SlugsmithError } from '../src/index.js';

export type Handler = (req: IncomingMessage & { body: string }, res: ServerResponse) => unknown;

/** A throwaway HTTP server on 127.0.0.1 that hands each request to `handler`. */
export async function fakeServer(handler: Handler) {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      Promise.resolve(handler(Object.assign(req, { body }), res)).catch((e) => {
        res.statusCode = 500;
        res.end(String(e));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** The error a promise is rejected with (the test fails when it is fulfilled). */
export async function caught(p: Promise<unknown>): Promise<SlugsmithError> {
  try {
    await p;
  } catch (e) {
    return e as SlugsmithError;
  }
  throw new Error('expected a rejection');
}

/** A fresh P-256 key pair: the private JWK an SDK config hands out, and its public key. */
export async function keyPair() {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ]);
  const jwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as SdkJwk;
  return {
    jwk: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, d: jwk.d } as SdkJwk,
    publicKey: pair.publicKey,
  };
}
