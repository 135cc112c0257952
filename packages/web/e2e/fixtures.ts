/**
 * A small pattern-examples document for the stand-in API of app.test.ts and docs.test.ts (harness),
 * so their hero and gallery assertions do not move with the seeded content. The seeded document
 * (content/pattern-examples) is tested on the real server in docs-real.test.ts. Capacities are not
 * typed here: the harness's engine computes them.
 */
import { loadBundle } from '@slugsmith/dictionaries';
import { Generator } from '@slugsmith/generator';

const categories = [
  {
    id: 'order-numbers',
    category: 'Order and invoice numbers',
    description: 'References customers read over the phone.',
    patterns: [
      {
        pattern: 'ORD-{number:8d}',
        name: 'Classic order number',
        punchline: 'The next one gives nothing away.',
      },
      {
        pattern: '{NOUN:+gem}-{number:6d}',
        name: 'Gemstone reference',
        punchline: 'Easy to say, hard to mistype.',
      },
      {
        pattern: 'INV-{number:4d}-{number:6X}',
        name: 'Two-block invoice number',
        punchline: 'Two number blocks.',
      },
      {
        pattern: 'PO-{number:3R}-{number:5d}',
        name: 'Purchase order with a Roman batch',
        punchline: 'A Roman numeral.',
      },
    ],
  },
  {
    id: 'user-handles',
    category: 'User handles and display names',
    description: 'Default names for new accounts.',
    patterns: [
      { pattern: '{adjective}-{noun}', name: 'Two words', punchline: 'Friendly enough to keep.' },
      {
        pattern: '{adverb}-{adjective}-{noun}',
        name: 'Three-word name',
        punchline: 'Nobody has to append 2.',
      },
    ],
  },
];

export function patternExamples() {
  const generator = new Generator(loadBundle());
  return categories.map((c) => ({
    ...c,
    patterns: c.patterns.map((p) => ({ ...p, capacity: generator.patternInfo(p.pattern).capacity })),
  }));
}
