import { z } from './zod.js';

/**
 * Why the server refused a request: `details.reason` of an error answer, the one thing clients
 * switch on (the message is for people and may be reworded). New codes are snake_case.
 *
 * Kept as they are for compatibility (kebab-case):
 * - the 429 reasons the reference clients read from `x-slug-rate-limit-reason` and the body:
 *   rate-limit-exceeded, daily-limit-exceeded, monthly-limit-exceeded, request-size-exceeded,
 *   not-available (they also know lifetime-limit-exceeded, which no plan limit here sends);
 * - codes the user documentation publishes: pattern-too-complex (rate limits),
 *   short-links-exhausted, licence-expired, licence-node-limit, licence-revoked (on-premise).
 */
export const RefusalCode = z
  .enum([
    // who is calling
    'not_authenticated',
    'session_expired',
    'authentication_failed',
    'account_not_found',
    'sign_in_disabled',
    'session_not_found',
    'agreements_required',
    'email_not_verified',
    'email_claim_missing',
    'external_account',
    'external_accounts',
    'other_email',
    'throttled',
    // what the caller may do
    'forbidden',
    'insufficient_permissions',
    'org_suspended',
    'series_key',
    'api_key_required',
    'origin_not_allowed',
    // API and SDK keys, signed requests
    'invalid_api_key',
    'disabled',
    'api_key_expired',
    'invalid_sdk_config',
    'missing_headers',
    'encoding',
    'stale_timestamp',
    'replayed_signature',
    'no_key_in_force',
    // generic answers of a status
    'bad_request',
    'not_found',
    'conflict',
    'unavailable',
    // organisations, members, invitations, accounts
    'slug_taken',
    'email_taken',
    'last_owner',
    'personal_organisation',
    'already_member',
    'invitation_expired',
    'invitation_not_found',
    'confirmation_mismatch',
    // series and generation
    'invalid_pattern',
    'count_too_large',
    'no_series',
    'plan_limit',
    'pattern_locked',
    'series_exhausted',
    'sequence_exhausted',
    'pattern-too-complex',
    'short-links-exhausted',
    // limits of the plan (429)
    'rate-limit-exceeded',
    'daily-limit-exceeded',
    'monthly-limit-exceeded',
    'request-size-exceeded',
    'not-available',
    // on-premise installs
    'licence-expired',
    'licence-node-limit',
    'licence-revoked',
    'revocation_list_refused',
    'revocation_list_older',
    // staff area: users, documents, plans
    'own_admin_level',
    'own_sign_in',
    'user_not_found',
    'document_not_found',
    'translation_not_found',
    'tag_not_found',
    'document_slug_taken',
    'tag_taken',
    'unsupported_language',
    'nothing_to_publish',
    'plan_not_found',
    'plan_in_use',
    'perpetual_no_trial',
    'one_price_per_period',
    'trial_needs_end',
    'ends_before_start',
    'no_subscription_of_type',
    // licences issued by staff
    'not_on_premise_plan',
    'perpetual_no_expiry',
    'expiry_required',
    'expiry_not_in_future',
    // billing
    'plan_not_subscribable',
    'missing_price',
    'single_quantity',
    'already_subscribed',
    'custom_plan',
    'free_plan',
    'on_premise_install',
    'card_declined',
    'transaction_closed',
    'not_billed',
    'other_provider',
    'perpetual_licence',
    'ended',
    'not_cancelling',
    'already_canceled',
    'subscription_not_found',
    'transaction_not_found',
    'payment_link_unknown',
    'other_plan_type',
    'nothing_to_change',
    'price_not_synced',
    'provider_error',
    'catalogue_sync_failed',
    'unknown_provider',
    'event_not_found',
    'processed',
    'not_an_event',
    'event_keeps_id',
    'filter_not_supported',
    'invalid_webhook_signature',
  ])
  .meta({ id: 'RefusalCode' });
export type RefusalCode = z.infer<typeof RefusalCode>;

/**
 * `details` of an error answer: the refusal's code and whatever figures explain it. An
 * `invalid_pattern` refusal of the engine adds what is wrong as a stable `code` with its `params`
 * (a maximum, the offending name, suggestions): a pattern error (the engine's
 * PATTERN_ERROR_CODES: `unknown-dictionary`, `unexpected-end`, …, with the offending span in
 * `start`/`end`) or another refusal of the engine (GENERATOR_ERROR_CODES: `count-not-positive`,
 * `word-forms-coincide`, …).
 */
export const ErrorDetails = z
  .object({
    reason: RefusalCode.optional(),
    code: z
      .string()
      .optional()
      .meta({ description: "The engine's code of a pattern or generator error (invalid_pattern)" }),
    params: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({ description: "The variable parts of the engine error's message, by name" }),
  })
  .catchall(z.unknown());
export type ErrorDetails = z.infer<typeof ErrorDetails>;

/**
 * The body of every error answer (product spec §8): `code` is the HTTP status, `message` a
 * human-readable sentence, `details` anything that helps the caller (the refusal's code in
 * `reason`, validation issues, figures).
 */
export const ErrorBody = z
  .object({
    code: z.number().int(),
    message: z.string(),
    details: ErrorDetails.optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * One entry of `details.issues` on a 400 answer to a request that failed validation: `code` and
 * `params` are zod's issue code and its figures (`minimum`, `format`, …), which clients translate.
 */
export const ValidationIssue = z.object({
  path: z.string(),
  message: z.string(),
  code: z.string().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
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
