/**
 * The document's top-level tags, in reading order: what each group of operations is for. A
 * route's tag must be one of these (test/openapi-document.test.ts checks it).
 */
export const API_TAGS = [
  {
    name: 'generation',
    description:
      'The generation API, called with an API key (x-api-key) or a request signed with an SDK key: forge slugs from a pattern, mint the next unused slugs of a series, preview (slice) and reset series, read pattern capacity, dictionaries, statistics and plan limits. Plan-limited calls answer 429 with Retry-After.',
  },
  {
    name: 'series',
    description:
      "An organisation's series, managed from the console: each hands out the slugs of its pattern in a fixed, non-repeating order.",
  },
  {
    name: 'api-keys',
    description:
      'API keys of an organisation or of one series: scopes, expiry, usage. The secret is shown once.',
  },
  {
    name: 'sdk-configs',
    description:
      'SDK configurations: public keys that sign requests from browsers and apps (SDK mode), and the key sets (JWKS) SDKs fetch.',
  },
  {
    name: 'stats',
    description: 'Usage statistics per organisation, series and key, by hour, day, week, month, year.',
  },
  {
    name: 'mcp',
    description: 'The Model Context Protocol endpoint for AI agents (Streamable HTTP, stateless).',
  },
  {
    name: 'organisations',
    description:
      'Organisations, members, invitations, billing details and on-premise licences, for signed-in users.',
  },
  {
    name: 'accounts',
    description: "The signed-in user's account: profile, password, sessions, agreements, language.",
  },
  { name: 'plans', description: 'The plans on sale, with prices and limits.' },
  {
    name: 'billing',
    description:
      "Subscriptions, checkouts, transactions and invoices of an organisation, and the payment provider's webhooks.",
  },
  {
    name: 'licences',
    description: 'Keys and revocations that on-premise installs check their licence against.',
  },
  {
    name: 'documents',
    description:
      'Published guides, articles and legal texts in every supported language (the nearest translation is given).',
  },
  { name: 'system', description: 'Liveness, sign-in configuration and other facts about this server.' },
  {
    name: 'admin',
    description: 'Staff only: organisations, users, plans, billing, mail, audit and settings of the service.',
  },
  {
    name: 'admin documents',
    description: 'Staff only: writing, translating, tagging and publishing documents.',
  },
] as const satisfies readonly { name: string; description: string }[];
