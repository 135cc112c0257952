// What the generation routes share in their OpenAPI description.
import { ErrorBody } from '@slugsmith/contract';
import { z } from 'zod';

export const tags = ['generation'];

/** OpenAPI note of the routes whose pattern may read the language bundles. */
export const languagePatterns =
  "A word placeholder may name its language ({adjective@de}-{noun@de}), and [@fr] at the end sets every word placeholder's; adjectives agree with the noun beside them. The languages are those dictionary-info lists.";

export const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
export const noContent = { 204: z.null().describe('Done') };
// Stream answers are text/plain, newline-delimited slugs (written as they are made, never
// serialised: the schema documents them).
export const stream = {
  200: { description: 'Newline-delimited slugs', content: { 'text/plain': { schema: z.string() } } },
  ...errors,
};
