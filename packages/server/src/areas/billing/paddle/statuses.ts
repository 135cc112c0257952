// Paddle subscription statuses as §4 subscription states.
import type { SubscriptionState } from '@slugsmith/contract';
import type { z } from 'zod';
import type { PaddleSubscriptionStatus } from '../event-format.js';
import type { StateOf } from '../provider.js';

type PaddleStatus = z.infer<typeof PaddleSubscriptionStatus>;

const STATES = {
  active: 'active',
  trialing: 'trial',
  // Paddle is retrying the payment: the plan's limits hold until the grace period ends.
  past_due: 'past_due',
  // A paused subscription grants nothing until it resumes.
  paused: 'inactive',
  canceled: 'cancelled',
} as const satisfies Record<PaddleStatus, SubscriptionState>;

/** The §4 state of a Paddle status; throws on a status Paddle does not document. */
export const stateOfPaddleStatus: StateOf = (status) => {
  if (!Object.hasOwn(STATES, status)) throw new Error(`unknown Paddle subscription status '${status}'`);
  return STATES[status as PaddleStatus];
};
