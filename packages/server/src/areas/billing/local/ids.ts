import { randomBytes } from 'node:crypto';

/** The sandbox's own ids, shaped like Paddle's (`txn_…`) and marked as local ones. */
export type LocalIdKind = 'ctm' | 'pro' | 'pri' | 'txn' | 'sub' | 'evt' | 'ntf' | 'txnitm' | 'inv';

export const newLocalId = (kind: LocalIdKind): string => `${kind}_local_${randomBytes(12).toString('hex')}`;

/** A path segment that can be one of our ids: anything else is simply not found. */
export const isLocalId = (kind: LocalIdKind, value: string): boolean =>
  new RegExp(`^${kind}_local_[0-9a-f]{24}$`).test(value);
