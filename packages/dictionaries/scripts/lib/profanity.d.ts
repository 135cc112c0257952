export const CUSS_MIN_RATING: number;
export function profaneWords(): Promise<Set<string>>;
