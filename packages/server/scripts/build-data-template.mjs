// Part of `npm run build`: makes dist/pglite-template.tar.gz, the data directory a first start on
// a new embedded data directory unpacks instead of running initdb (src/db/data-template.ts).
import { fileURLToPath } from 'node:url';
import { buildDataTemplate, DATA_TEMPLATE } from '../dist/db/data-template.js';

await buildDataTemplate(DATA_TEMPLATE);
console.log(`built ${fileURLToPath(DATA_TEMPLATE)}`);
