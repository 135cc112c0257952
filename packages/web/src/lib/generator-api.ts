import type { ConsoleConfig, ForgeRequest, SdkJwk } from '@slugsmith/contract';
import { Slugsmith, SlugsmithError } from '@slugsmith/sdk';
import { API_PREFIX, ApiError } from './api.js';
import { getConsoleConfig } from './console-api.js';

/**
 * The generator client of product spec §4: the console calls the generation API like any
 * customer's browser app, through @slugsmith/sdk in signed mode with the server's public SDK
 * config (`GET /console-config`), whose rotating keys the SDK fetches from `/jwks` and refreshes
 * on the schedule of §9. States: uninitialised, then initialised, or an initialisation error —
 * still marked ready: calls go ahead, the SDK loads a key again on the next call (or uses the
 * fallback key a build supplies in `VITE_SDK_FALLBACK_JWK`), and its errors carry the §8 messages.
 */
export type GeneratorClientState =
  | { status: 'uninitialised'; ready: false }
  | { status: 'initialised'; ready: true; sdkConfig: string }
  | { status: 'error'; ready: true; error: ApiError };

let state: GeneratorClientState = { status: 'uninitialised', ready: false };
let starting: Promise<Slugsmith | null> | null = null;

export function generatorClientState(): GeneratorClientState {
  return state;
}

/**
 * The §8 error of the console: the status and details, and the server's own words when it sent
 * any (the console translates those; the SDK's "Authentication failed: …" wrapping it cannot).
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof SlugsmithError)
    return new ApiError(error.status, error.serverMessage ?? error.message, error.details);
  return new ApiError(-1, error instanceof Error ? error.message : String(error));
}

/** A fallback signing key baked into a build (JSON of an EC P-256 JWK), if any. */
function fallbackJwk(): SdkJwk | undefined {
  const raw = (import.meta.env.VITE_SDK_FALLBACK_JWK as string | undefined)?.trim();
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as SdkJwk;
  } catch {
    return undefined;
  }
}

async function initialise(): Promise<Slugsmith | null> {
  let config: ConsoleConfig;
  try {
    config = await getConsoleConfig();
  } catch (error) {
    state = { status: 'error', ready: true, error: toApiError(error) };
    // Without the config there is no client: the next call asks for the config again.
    starting = null;
    return null;
  }
  const client = Slugsmith.signed({
    baseUrl: `${window.location.origin}${API_PREFIX}`,
    sdkConfig: config.sdk_config,
    fallbackJwk: fallbackJwk(),
  });
  try {
    await client.ready;
    state = { status: 'initialised', ready: true, sdkConfig: config.sdk_config };
  } catch (error) {
    state = { status: 'error', ready: true, error: toApiError(error) };
  }
  return client;
}

/** The console's generator client, initialised once (a failed config fetch is retried by the next call). */
export function generatorClient(): Promise<Slugsmith | null> {
  starting ??= initialise();
  return starting;
}

async function call<T>(run: (client: Slugsmith) => Promise<T>): Promise<T> {
  const client = await generatorClient();
  if (!client) throw (state as { error: ApiError }).error;
  try {
    return await run(client);
  } catch (error) {
    // A cancelled call (AbortError) stays what it is, for the query library.
    throw error instanceof SlugsmithError ? toApiError(error) : error;
  }
}

export const forge = (req: ForgeRequest, signal?: AbortSignal) => call((c) => c.forge(req, { signal }));
export const patternInfo = (pattern: string, signal?: AbortSignal) =>
  call((c) => c.patternInfo(pattern, { signal }));
export const dictionaryInfo = () => call((c) => c.dictionaryInfo());
/** Tags of a language's dictionaries (`en` by default, `all` for every language). */
export const dictionaryTags = (language?: string) => call((c) => c.dictionaryTags(language));
