/** PostgreSQL's unique_violation, raised the same way by node-postgres and PGlite. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let e: unknown = error;
  // Drizzle wraps driver errors; the driver's error is the cause.
  for (let depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
