import { type ConsoleSdkKey, type OrgRole, orgRoleRank } from '@slugsmith/contract';

/**
 * Private key material signs generation calls with the config's scopes: whoever holds it can
 * mint. Admins and owners manage the configs (and may mint in the console); members only read,
 * so the console shows them the public parts of each key.
 */
export function seesPrivateKeys(role: OrgRole): boolean {
  return orgRoleRank[role] >= orgRoleRank.admin;
}

/** The key as `role` may see it: without `d` below admin. */
export function keyFor<K extends ConsoleSdkKey>(role: OrgRole, key: K): K {
  if (seesPrivateKeys(role)) return key;
  const { d: _private, ...jwk } = key.jwk;
  return { ...key, jwk };
}

/** A config's keys (or a list of legacy keys) as `role` may see them. */
export function keysFor<K extends ConsoleSdkKey>(role: OrgRole, keys: K[]): K[] {
  return seesPrivateKeys(role) ? keys : keys.map((k) => keyFor(role, k));
}
