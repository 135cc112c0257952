/**
 * The limits the console goes by when an organisation has several plan types in force: the SaaS
 * plan's, else the first listed (`GET /orgs/{org}/limits`). Undefined while they load.
 */
export function limitsInForce<L extends { plan_type: string }>(
  limits: readonly L[] | undefined,
): L | undefined {
  return limits?.find((l) => l.plan_type === 'saas') ?? limits?.[0];
}

/** The most series the plan in force allows (−1: unlimited); null while unknown. */
export function seriesMaximum(
  limits: readonly { plan_type: string; limits: { max_series: number } }[] | undefined,
): number | null {
  return limitsInForce(limits)?.limits.max_series ?? null;
}

/**
 * Whether the plan in force includes SDK access; null while unknown. Without it the API refuses
 * every request an SDK config signs.
 */
export function planSdkAccess(
  limits: readonly { plan_type: string; plan_name: string; limits: { sdk_access: boolean } }[] | undefined,
): { allowed: boolean; plan: string } | null {
  const inForce = limitsInForce(limits);
  return inForce ? { allowed: inForce.limits.sdk_access, plan: inForce.plan_name } : null;
}
