// Mint ids for a series from a trusted server with an API key.
//   SLUGSMITH_URL=http://localhost:8080 SLUGSMITH_API_KEY=sk_... SERIES=orders node examples/node-api-key.mjs
import { Slugsmith } from '@slugsmith/sdk';

const client = Slugsmith.withApiKey({
  baseUrl: process.env.SLUGSMITH_URL ?? 'http://localhost:8080',
  apiKey: process.env.SLUGSMITH_API_KEY ?? '',
});

const info = await client.keyInfo();
console.log(`key ${info.slug} of ${info.org_slug}, scopes: ${info.scopes.join(', ')}`);
const series = process.env.SERIES;
const ids = await client.mint({ count: 5, series });
console.log(ids.join('\n'));
console.log('limits left:', client.rateLimit);
