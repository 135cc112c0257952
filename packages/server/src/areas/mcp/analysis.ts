import type { PatternInfo } from '@slugsmith/contract';
import { z } from 'zod';
import {
  type ApiCall,
  apiMessage,
  type McpServerTools,
  PatternText,
  structured,
  toolError,
} from './registry.js';

/** Slugs shown per analysed pattern (forged with a fixed seed: the same pattern shows the same). */
const SAMPLE_SEED = 'mcp-analysis';
const MAX_SAMPLES = 20;

const Analysis = z.object({
  pattern: z.string(),
  valid: z.boolean(),
  message: z.string().optional().describe('Why the pattern is refused (invalid patterns only)'),
  capacity: z.string().optional().describe('Exact number of distinct slugs, a decimal string'),
  capacity_bits: z.number().optional().describe('log2 of the capacity: how much a slug can tell apart'),
  max_slug_length: z.number().int().optional().describe('Longest slug in UTF-8 bytes'),
  complexity: z.number().int().optional(),
  components: z.number().int().optional(),
  samples: z.array(z.string()),
  notes: z.array(z.string()).describe('What to consider before using the pattern'),
});
type Analysis = z.infer<typeof Analysis>;

/** log2 of a decimal string of any size. */
function bits(capacity: string): number {
  const leading = Number(capacity.slice(0, 15));
  return (
    Math.round(
      (Math.log2(leading) + (capacity.length - Math.min(15, capacity.length)) * Math.log2(10)) * 10,
    ) / 10
  );
}

/** Plain-language notes on a valid pattern's capacity and length. */
function notesOn(info: PatternInfo, capacityBits: number): string[] {
  const notes: string[] = [];
  if (capacityBits < 20) {
    notes.push('Fewer than about a million slugs: enough for a small catalogue, not for users or records.');
  } else if (capacityBits < 32) {
    notes.push('Up to a few billion slugs: a busy series can use them up; add a number or another word.');
  } else {
    notes.push('Large enough for most uses: a series of it will not run out in practice.');
  }
  if (info.max_slug_length > 63) {
    notes.push(
      `The longest slug is ${info.max_slug_length} bytes: too long for a DNS label (63) and some file systems' names.`,
    );
  }
  if (info.complexity > 4) notes.push('Many components: slugs are harder to read aloud and remember.');
  return notes;
}

/** What a pattern can do, with sample slugs when the key may forge. */
async function analyse(
  call: ApiCall,
  pattern: string,
  samples: number,
  canForge: boolean,
): Promise<Analysis> {
  const info = await call('POST', '/gen/pattern-info', { pattern });
  if (info.status === 400) {
    return { pattern, valid: false, message: apiMessage(info), samples: [], notes: [] };
  }
  if (info.status >= 300) throw new RefusedCall(info.status, info.body);
  const pi = info.body as PatternInfo;
  const capacityBits = bits(pi.capacity);
  const notes = notesOn(pi, capacityBits);
  let slugs: string[] = [];
  if (samples > 0 && canForge) {
    const forged = await call('POST', '/gen/forge', { pattern, count: samples, seed: SAMPLE_SEED });
    if (forged.status >= 300) throw new RefusedCall(forged.status, forged.body);
    slugs = forged.body as string[];
  } else if (samples > 0) {
    notes.push('No samples: forging them needs an API key with scope forge.');
  }
  return {
    pattern,
    valid: true,
    capacity: pi.capacity,
    capacity_bits: capacityBits,
    max_slug_length: pi.max_slug_length,
    complexity: pi.complexity,
    components: pi.components,
    samples: slugs,
    notes,
  };
}

/** An API refusal other than an invalid pattern (a plan limit, a missing scope): the tool's error. */
class RefusedCall extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`Request failed with status ${status}`);
  }
}

async function asTool<T extends Record<string, unknown>>(work: () => Promise<T>) {
  try {
    return structured(await work());
  } catch (error) {
    if (error instanceof RefusedCall) return toolError({ status: error.status, body: error.body });
    throw error;
  }
}

const Samples = z
  .number()
  .int()
  .min(0)
  .max(MAX_SAMPLES)
  .default(5)
  .describe(`How many sample slugs (0 to ${MAX_SAMPLES}; forging them needs scope forge)`);

const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

/** analyze_pattern and compare_patterns: pattern-info and forge, read for a person choosing a pattern. */
export function analysisTools(register: McpServerTools, call: ApiCall, canForge: boolean): void {
  register(
    'analyze_pattern',
    {
      title: 'Analyse a pattern',
      description:
        'Capacity (exact, and in bits), longest slug, complexity and sample slugs of a pattern, with notes on whether it suits a use.',
      inputSchema: { pattern: PatternText, samples: Samples },
      outputSchema: Analysis.shape,
      annotations: readOnly,
    },
    async (args) => asTool(() => analyse(call, args.pattern, args.samples, canForge)),
  );
  register(
    'compare_patterns',
    {
      title: 'Compare patterns',
      description:
        'Several patterns side by side: capacity, longest slug and samples of each, and which has the largest capacity and the shortest slugs.',
      inputSchema: {
        patterns: z.array(PatternText).min(2).max(10).describe('The patterns to compare (2 to 10)'),
        samples: Samples.default(3),
      },
      outputSchema: {
        patterns: z.array(Analysis),
        largest_capacity: z.string().optional().describe('The valid pattern with the most slugs'),
        shortest: z.string().optional().describe('The valid pattern with the shortest longest slug'),
      },
      annotations: readOnly,
    },
    async (args) =>
      asTool(async () => {
        const analysed: Analysis[] = [];
        for (const pattern of args.patterns)
          analysed.push(await analyse(call, pattern, args.samples, canForge));
        const valid = analysed.filter((a) => a.valid);
        const best = (better: (a: Analysis, b: Analysis) => boolean) =>
          valid.reduce<Analysis | undefined>(
            (top, a) => (top === undefined || better(a, top) ? a : top),
            undefined,
          )?.pattern;
        return {
          patterns: analysed,
          largest_capacity: best((a, b) => BigInt(a.capacity ?? 0) > BigInt(b.capacity ?? 0)),
          shortest: best((a, b) => (a.max_slug_length ?? 0) < (b.max_slug_length ?? 0)),
        };
      }),
  );
}
