export function profaneWordsOf(language: string): Promise<Set<string>>;
export function isProfane(
  word: string,
  profane: Set<string>,
  allow?: Set<string>,
  stemLength?: number,
): boolean;
