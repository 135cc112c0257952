export interface Analysis {
  lemma: string;
  tags: string[];
}
export function analyse(analyser: string, words: string[]): Map<string, Analysis[]>;
export function generate(generator: string, requests: string[]): (string | null)[];
