import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const user = (text: string) => ({
  messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }],
});

/** Prompts for the questions people bring to a slug service, each naming the tools to use. */
export function prompts(server: McpServer): void {
  server.registerPrompt(
    'design_pattern',
    {
      title: 'Design a pattern',
      description: 'Find a slug pattern for a purpose, with enough capacity and readable slugs.',
      argsSchema: {
        purpose: z.string().min(1).max(500).describe('What the slugs will name, e.g. "customer projects"'),
        expected_count: z
          .string()
          .max(40)
          .optional()
          .describe('Roughly how many slugs will be needed, e.g. "1 million"'),
      },
    },
    ({ purpose, expected_count }) =>
      user(
        [
          `Design a Slugsmith pattern for slugs that name ${purpose}.`,
          expected_count ? `About ${expected_count} slugs will be needed.` : '',
          'Read the help topic pattern-language first (get_help_topic). Propose two or three patterns,',
          'check them with validate_pattern, compare them with compare_patterns (capacity, longest slug,',
          'samples) and recommend one, saying why its capacity and length fit.',
        ]
          .filter(Boolean)
          .join(' '),
      ),
  );
  server.registerPrompt(
    'explain_pattern',
    {
      title: 'Explain a pattern',
      description: 'What each part of a pattern does, what slugs it makes and how many.',
      argsSchema: { pattern: z.string().min(1).max(1024).describe('The pattern to explain') },
    },
    ({ pattern }) =>
      user(
        `Explain the Slugsmith pattern ${pattern} part by part (see the help topic pattern-language). ` +
          'Use analyze_pattern for its capacity and sample slugs; if validate_pattern refuses it, say where and how to fix it.',
      ),
  );
  server.registerPrompt(
    'estimate_capacity',
    {
      title: 'Estimate capacity',
      description: 'Whether a pattern has enough distinct slugs for an expected number of uses.',
      argsSchema: {
        pattern: z.string().min(1).max(1024).describe('The pattern'),
        expected_count: z
          .string()
          .min(1)
          .max(40)
          .describe('How many slugs will be needed, e.g. "50 million"'),
      },
    },
    ({ pattern, expected_count }) =>
      user(
        `Will the Slugsmith pattern ${pattern} give ${expected_count} distinct slugs? ` +
          'Take its capacity from pattern_info, compare it with the number needed, and if it falls short ' +
          'suggest the smallest change (a longer number, another word) that makes it fit (see the help topic uniqueness-and-capacity).',
      ),
  );
}
