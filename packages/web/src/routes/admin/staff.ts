import { type StaffLevel, staffLevelOf } from '@slugsmith/contract';

export type { StaffLevel };

/**
 * The staff level of a permissions object, as the server reads it (`{ admin: true }`,
 * `{ support: true }`; anything else grants nothing).
 */
export const staffLevel = (permissions: Record<string, unknown> | null | undefined): StaffLevel | null =>
  staffLevelOf(permissions);

/** Only `admin` changes things; `support` and unknown shapes read only, so nothing unlocks writes by mistake. */
export const canWrite = (level: StaffLevel | null): boolean => level === 'admin';
