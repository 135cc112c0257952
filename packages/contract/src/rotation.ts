import { KEY_REFRESH_LEAD_SECONDS, SIGNATURE_MAX_SKEW_MS } from './signing.js';
import { z } from './zod.js';

/**
 * How often an SDK config's keys rotate (product spec §5): a number followed by d, h, m or s,
 * e.g. 30d, 24h, 60m, 45s. The API, the server's configuration and the console read it here.
 */
const ROTATION_PERIOD = /^([1-9]\d{0,5})([dhms])$/;
const UNIT_SECONDS = { d: 86_400, h: 3_600, m: 60, s: 1 } as const;

/**
 * What the SDKs' key refresh needs of a period (product spec §9). An SDK signs with the effective
 * key that lives longest and fetches the keys again 2 minutes before it expires. Keys live two
 * periods and a successor takes over every period, so the key an SDK picks has at least one
 * period left. That period must outlast the refresh lead, also for a client whose clock runs
 * ahead by as much as a signed request's timestamp may (SIGNATURE_MAX_SKEW_MS): else the refresh
 * comes due at once, over and over, or picks a key the server does not use yet.
 */
export const MIN_ROTATION_SECONDS = KEY_REFRESH_LEAD_SECONDS + SIGNATURE_MAX_SKEW_MS / 1000;
/** Longer periods would never rotate in practice. */
export const MAX_ROTATION_SECONDS = 366 * 86_400;

/** Seconds as a period in the largest whole unit: 420 → `7m`, 86400 → `1d`. */
export function formatRotationPeriod(seconds: number): string {
  for (const [unit, size] of Object.entries(UNIT_SECONDS)) {
    if (seconds % size === 0) return `${seconds / size}${unit}`;
  }
  return `${seconds}s`;
}

export const ROTATION_TOO_SHORT_MESSAGE = `Minimum value is ${formatRotationPeriod(MIN_ROTATION_SECONDS)}`;
export const ROTATION_TOO_LONG_MESSAGE = `Maximum value is ${formatRotationPeriod(MAX_ROTATION_SECONDS)}`;

/** Why keys cannot rotate on a period of `seconds` (a message of §5's kind), or undefined. */
export function rotationRangeProblem(seconds: number): string | undefined {
  if (seconds < MIN_ROTATION_SECONDS) return ROTATION_TOO_SHORT_MESSAGE;
  if (seconds > MAX_ROTATION_SECONDS) return ROTATION_TOO_LONG_MESSAGE;
  return undefined;
}

/** The period in seconds, or undefined when the text is not a number followed by d, h, m or s. */
export function rotationPeriodSeconds(text: string): number | undefined {
  const match = ROTATION_PERIOD.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS];
}

/** The written form only; the API answers a period outside the range with its own message. */
export const RotationPeriod = z
  .string()
  .regex(ROTATION_PERIOD, 'Invalid format')
  .meta({ description: 'e.g. 30d, 24h, 60m, 45s' });

/** A period keys can really rotate on: the written form, MIN_ROTATION_SECONDS to 366 days. */
export const RotationPeriodInRange = RotationPeriod.superRefine((text, context) => {
  const seconds = rotationPeriodSeconds(text);
  const problem = seconds === undefined ? undefined : rotationRangeProblem(seconds);
  if (!problem) return;
  // The bound goes with the issue: clients word the refusal from it, not from the message.
  const bound =
    problem === ROTATION_TOO_SHORT_MESSAGE
      ? { minimum: formatRotationPeriod(MIN_ROTATION_SECONDS) }
      : { maximum: formatRotationPeriod(MAX_ROTATION_SECONDS) };
  context.addIssue({ code: 'custom', message: problem, params: bound });
});
