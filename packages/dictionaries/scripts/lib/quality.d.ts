export const FAMILIAR_RANK: number;
export const CORE_SCOWL_LEVEL: number;
export const RELATIVE_NEGATIVE_VALENCE: number;
export const SENTIMENT_TAGS: Record<'positive' | 'neutral' | 'negative', string>;
export const QUALITY_OPT_IN: Record<'negative' | 'rare' | 'profanity', string>;
