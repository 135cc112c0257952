import type { Member, OrgRole } from '@slugsmith/contract';
import { hasRole } from '../lib/console-api.js';

const ROLES: OrgRole[] = ['member', 'admin', 'owner'];

/** Roles the caller may hand out: only owners give or take the owner role (server rule). */
export function assignableRoles(callerRole: OrgRole): OrgRole[] {
  return callerRole === 'owner' ? ROLES : ROLES.filter((r) => r !== 'owner');
}

/** Whether the caller may change or remove this member (admins; owners only by owners). */
export function mayManageMember(callerRole: OrgRole, member: Pick<Member, 'role'>): boolean {
  if (!hasRole(callerRole, 'admin')) return false;
  return member.role !== 'owner' || callerRole === 'owner';
}

/** Whether this member may leave: anyone but the only owner (the server keeps one owner). */
export function mayLeave(member: Pick<Member, 'role'>, members: readonly Pick<Member, 'role'>[]): boolean {
  return member.role !== 'owner' || members.filter((m) => m.role === 'owner').length > 1;
}

/**
 * Whether the member's role may change: not the only owner's, whom the server keeps an owner
 * (it refuses with 409) until another member is made owner.
 */
export function mayChangeRole(
  member: Pick<Member, 'role'>,
  members: readonly Pick<Member, 'role'>[],
): boolean {
  return mayLeave(member, members);
}
