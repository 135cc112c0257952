/**
 * The one place where PostgreSQL `int8` values become JavaScript values, for both drivers:
 * node-postgres hands them over as strings and PGlite as numbers. Values that fit a double
 * exactly become `number`; larger ones stay exact as `bigint`.
 */
export const INT8_OID = 20;

export function parseInt8(text: string): number | bigint {
  const big = BigInt(text);
  return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
}
