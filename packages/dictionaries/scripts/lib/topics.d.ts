export interface Topic {
  tag: string;
  description: string;
  noun: string[];
  verb: string[];
}
export const TOPICS: Topic[];
export const TOPIC_TAGS: string[];
