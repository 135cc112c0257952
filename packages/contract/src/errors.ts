import { z } from './zod.js';

/**
 * The body of every error answer (product spec §8): `code` is the HTTP status, `message` a
 * human-readable sentence, `details` anything that helps the caller (validation issues, reasons).
 */
export const ErrorBody = z
  .object({
    code: z.number().int(),
    message: z.string(),
    details: z.unknown().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** One entry of `details.issues` on a 400 answer to a request that failed validation. */
export const ValidationIssue = z.object({
  path: z.string(),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssue>;

/** Messages the API answers with, shared so clients can match them. */
export const ErrorMessages = {
  badRequest: 'Invalid format',
  notAuthenticated: 'Not authenticated',
  sessionExpired: 'Your session has expired',
  authenticationFailed: 'Authentication failed',
  forbidden: "You don't have permission to access this resource",
  insufficientPermissions: 'Insufficient permissions',
  agreementsRequired: 'Agreements must be accepted',
  accountNotFound: 'Account not found',
  notFound: 'Resource not found',
  conflict: 'Request conflicts with existing data',
  methodNotAllowed: 'Method not allowed',
  payloadTooLarge: 'Payload too large',
  requestTimeout: 'Request not received in time',
  headersTooLarge: 'Request headers too large',
  unsupportedMediaType: 'Unsupported media type',
  internal: 'Internal server error',
  unavailable: 'Service unavailable',
  orgSuspended: 'Organisation suspended',
} as const;
