import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiTypesFile, generateApiTypes } from '../scripts/api-types.js';

const src = fileURLToPath(new URL('../src', import.meta.url));
/** The client module: the one place that calls fetch and knows the API's prefix. */
const CLIENT = 'lib/api.ts';
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [relative(src, path)] : [];
  });
}

describe('the console calls the API only through its typed client', () => {
  it('no fetch( and no /api/ path string outside lib/api.ts', () => {
    const offenders = sources(src)
      .filter((file) => file !== CLIENT && file !== 'lib/api-types.ts')
      .flatMap((file) => {
        const text = readFileSync(join(src, file), 'utf8');
        return text
          .split('\n')
          .flatMap((line, index) =>
            /(?<![.\w]|private )fetch\(|['"`]\/api\//.test(line)
              ? [`${file}:${index + 1}: ${line.trim()}`]
              : [],
          );
      });
    expect(offenders).toEqual([]);
  });

  it("has api-types.ts generated from the server's current OpenAPI document", async () => {
    // A route, parameter or schema changed on the server: `npm run api-types -w @slugsmith/web`.
    expect(await generateApiTypes()).toBe(readFileSync(apiTypesFile, 'utf8'));
  });
});
