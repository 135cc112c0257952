import { z } from 'zod';

/**
 * How often an SDK config's keys rotate (product spec §5): a number followed by d, h, m or s,
 * e.g. 30d, 24h, 60m, 45s. The API, the server's configuration and the console read it here.
 */
const ROTATION_PERIOD = /^([1-9]\d{0,5})([dhms])$/;
const UNIT_SECONDS = { d: 86_400, h: 3_600, m: 60, s: 1 } as const;

/** Shorter periods would rotate keys faster than clocks can be trusted to agree; longer ones never. */
export const MIN_ROTATION_SECONDS = 30;
export const MAX_ROTATION_SECONDS = 366 * 86_400;
export const ROTATION_RANGE_MESSAGE = 'The rotation period must be between 30s and 366d';

/** The period in seconds, or undefined when the text is not a number followed by d, h, m or s. */
export function rotationPeriodSeconds(text: string): number | undefined {
  const match = ROTATION_PERIOD.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS];
}

const inRange = (text: string) => {
  const seconds = rotationPeriodSeconds(text);
  return seconds === undefined || (seconds >= MIN_ROTATION_SECONDS && seconds <= MAX_ROTATION_SECONDS);
};

/** The written form only; the API answers a period outside the range with its own message. */
export const RotationPeriod = z
  .string()
  .regex(ROTATION_PERIOD, 'Invalid format')
  .meta({ description: 'e.g. 30d, 24h, 60m, 45s' });

/** A period keys can really rotate on: the written form, 30 s to 366 days. */
export const RotationPeriodInRange = RotationPeriod.refine(inRange, ROTATION_RANGE_MESSAGE);
