import { useAccount } from '../../auth/account.js';
import { canWrite, type StaffLevel, staffLevel } from './staff.js';

/** The signed-in staff member's level and whether the screens offer changes. */
export function useStaff(): { level: StaffLevel | null; writable: boolean } {
  const { account } = useAccount();
  const level = staffLevel(account?.permissions);
  return { level, writable: canWrite(level) };
}
