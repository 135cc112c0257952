// Release step: writes licence-keys.json (shipped in the package, trusted by on-premise installs)
// from a running service's published licence keys.
//   npm run licence-keys -w @slugsmith/server -- https://slugsmith.example.com
// The URL is the service's PUBLIC_URL (or LICENCE_KEYS_SOURCE); the keys are read from
// <url>/api/v1/licences/keys and checked before the file is replaced.
import { writeFile } from 'node:fs/promises';
import { LicenceKeySet } from '@slugsmith/contract';

/** The shipped file; tests write elsewhere (LICENCE_KEYS_OUT). */
const TARGET = process.env.LICENCE_KEYS_OUT ?? new URL('../licence-keys.json', import.meta.url).pathname;

async function main(): Promise<void> {
  const source = process.argv[2] ?? process.env.LICENCE_KEYS_SOURCE;
  if (!source) {
    throw new Error('usage: npm run licence-keys -w @slugsmith/server -- <service PUBLIC_URL>');
  }
  const url = new URL('/api/v1/licences/keys', source);
  // The keys every install will trust: never over plain http, except from this machine (a service
  // the release step runs itself, or a test's).
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new Error(`${url}: the issuer's keys are read over https only (plain http only from this machine)`);
  }
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const parsed = LicenceKeySet.safeParse(await response.json());
  if (!parsed.success) throw new Error(`${url} did not answer a licence key set: ${parsed.error.message}`);
  if (parsed.data.keys.length === 0) throw new Error(`${url} publishes no licence keys`);
  await writeFile(TARGET, `${JSON.stringify(parsed.data, null, 2)}\n`);
  console.log(`wrote ${parsed.data.keys.length} key(s) from ${url} to ${TARGET}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
