/**
 * A series' capacity is exact at any size: numeric(80) refused patterns of more than 80 digits of
 * capacity (a hundred one-digit numbers) with a database error.
 */
export const sql = /* sql */ `
ALTER TABLE series ALTER COLUMN capacity TYPE numeric;
`;
