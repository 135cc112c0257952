/**
 * zod for every schema of the contract. In a browser zod runs without compiling parsers: it would
 * build them with `new Function`, which the console's Content-Security-Policy forbids (even its
 * probe for whether it may is reported as a violation on every page). Schemas read the setting
 * when built, so it is made here, before any of them exists; servers keep the compiled parsers.
 */
import { z } from 'zod';

if ('document' in globalThis) z.config({ jitless: true });

export { z };
