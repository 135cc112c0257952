/**
 * Orders of the contract's enums as plain values, without zod: the console's shell uses them on
 * its first screen, and importing them from the modules that build the schemas would load zod
 * (and build those schemas) before the first paint.
 */
import type { OrgRole } from './organisations.js';
import type { PlanType } from './plans.js';

/** Order of the plan types in the Products menu. */
export const PLAN_TYPES: readonly PlanType[] = ['saas', 'on_premise', 'other'];

/** Roles ordered by what they may do: each role may do everything the ones before it may. */
export const orgRoleRank: Record<OrgRole, number> = { member: 1, admin: 2, owner: 3 };
