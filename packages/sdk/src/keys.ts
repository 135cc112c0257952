import { KEY_REFRESH_LEAD_SECONDS, type SdkJwk, type SdkKey, signingString } from '@slugsmith/contract';
import { Messages, SlugsmithError } from './errors.js';

const MINUTE = 60_000;

/** The refresh schedule of product spec §9, with jitter so many browsers don't refresh at once. */
export function refreshDelay(
  effectiveTo: string | null,
  now: number,
  random: () => number = Math.random,
): number {
  const expires = effectiveTo === null ? Number.POSITIVE_INFINITY : Date.parse(effectiveTo);
  if (expires - now > 30 * MINUTE) return 30 * MINUTE + random() * MINUTE;
  return Math.max(0, expires - KEY_REFRESH_LEAD_SECONDS * 1000 - now) + random() * 20_000;
}

/** The key to sign with: currently effective, preferring no expiry, else the latest expiry. */
export function chooseKey(keys: SdkKey[], now: number): SdkKey | undefined {
  const effective = keys.filter(
    (k) =>
      Date.parse(k.effective_from) <= now && (k.effective_to === null || Date.parse(k.effective_to) > now),
  );
  return effective.sort((a, b) => {
    const ea = a.effective_to === null ? Number.POSITIVE_INFINITY : Date.parse(a.effective_to);
    const eb = b.effective_to === null ? Number.POSITIVE_INFINITY : Date.parse(b.effective_to);
    return eb - ea;
  })[0];
}

function base64UrlDecode(s: string): Uint8Array {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4);
  const bin = atob(b64);
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

export function base64UrlEncode(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Checks an EC P-256 private JWK (x, y and d decode to 32 bytes each) and imports it for signing. */
export async function importSigningKey(jwk: SdkJwk): Promise<CryptoKey> {
  const ok =
    jwk?.kty === 'EC' &&
    jwk.crv === 'P-256' &&
    [jwk.x, jwk.y, jwk.d].every((part) => {
      try {
        return (
          typeof part === 'string' && /^[A-Za-z0-9_-]+$/.test(part) && base64UrlDecode(part).length === 32
        );
      } catch {
        return false;
      }
    });
  if (!ok) throw new SlugsmithError(Messages.invalidJwk, -1);
  try {
    return await globalThis.crypto.subtle.importKey(
      'jwk',
      { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, d: jwk.d, ext: false },
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['sign'],
    );
  } catch {
    throw new SlugsmithError(Messages.invalidJwk, -1);
  }
}

export interface SignedHeaders {
  'x-timestamp': string;
  'x-sdk-slug': string;
  'x-signature': string;
}

/** Holds the current signing key of one SDK config, fetches and refreshes it. */
export class KeyRing {
  private key: CryptoKey | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private refreshing: Promise<void> | null = null;
  private closed = false;

  constructor(
    /** The SDK config slug: sent as x-sdk-slug and signed. */
    readonly configSlug: string,
    private readonly fetchKeys: () => Promise<SdkKey[]>,
    private readonly fallback: SdkJwk | undefined,
  ) {}

  get ready(): boolean {
    return this.key !== null;
  }

  /**
   * Fetches the keys and schedules the next refresh; falls back to the supplied key on failure.
   * Calls that overlap share one fetch (many calls refused at once after a rotation).
   */
  refresh(): Promise<void> {
    this.refreshing ??= this.load().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async load(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    try {
      const keys = await this.fetchKeys();
      const chosen = chooseKey(keys, Date.now());
      if (!chosen) throw new SlugsmithError(Messages.noKeys, -1);
      this.key = await importSigningKey(chosen.jwk);
      this.schedule(refreshDelay(chosen.effective_to, Date.now()));
    } catch (error) {
      if (!this.fallback) {
        this.schedule(30 * MINUTE);
        throw error;
      }
      this.key = await importSigningKey(this.fallback);
      this.schedule(30 * MINUTE);
    }
  }

  /** Uses a key directly, with no fetching (the reference `fromJwk`). */
  async use(jwk: SdkJwk): Promise<void> {
    this.key = await importSigningKey(jwk);
  }

  private schedule(delay: number): void {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      this.refresh().catch(() => {});
    }, delay);
    // In Node, a pending refresh must not keep the process alive.
    (this.timer as { unref?: () => void }).unref?.();
  }

  async sign(method: string, path: string): Promise<SignedHeaders> {
    if (!this.key) throw new SlugsmithError(Messages.notInitialized, -1);
    const timestamp = new Date().toISOString();
    try {
      const data = new TextEncoder().encode(signingString(method, path, this.configSlug, timestamp));
      const sig = await globalThis.crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, this.key, data);
      return {
        'x-timestamp': timestamp,
        'x-sdk-slug': this.configSlug,
        'x-signature': base64UrlEncode(new Uint8Array(sig)),
      };
    } catch (error) {
      throw new SlugsmithError(Messages.signing((error as Error).message), -1);
    }
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
