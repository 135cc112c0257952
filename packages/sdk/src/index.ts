export type { ApiKeyOptions, CallOptions, SignedOptions } from './client.js';
export { DEFAULT_TIMEOUT_MS, Slugsmith } from './client.js';
export { Messages, PRODUCT, RateLimitError, SlugsmithError } from './errors.js';
export { chooseKey, importSigningKey, refreshDelay } from './keys.js';
export type { RateLimitInfo } from './rate-limit.js';
export { readRateLimit } from './rate-limit.js';
