export const NEGATIVE_VALENCE: number;
export const POSITIVE_VALENCE: number;
export function readVader(): Map<string, number>;
export function readFrequencyRanks(): Map<string, number>;
