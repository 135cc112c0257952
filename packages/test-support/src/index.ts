export { CHROMIUM_ARGS, chromiumPath, launchChromium, pageSettled } from './chromium.js';
export { freePort } from './ports.js';
export { signal, until } from './wait.js';
