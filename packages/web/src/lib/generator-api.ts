import { api } from './api.js';

/** Shapes of the generation API (product spec §7.6, generator notes §8). */
export interface PatternInfo {
  pattern: string;
  capacity: string;
  max_slug_length: number;
  complexity: number;
  components: number;
}
export interface DictionaryInfo {
  kind: string;
  count: number;
  language?: string | null;
}
export interface DictionaryTag {
  kind: string;
  tag: string;
  description?: string;
  opt_in?: boolean;
  word_count?: number;
}
export interface StatRow {
  event_type: string;
  date_part: string;
  total_count: number | string;
  request_count: number | string;
  total_duration_us?: number;
  avg_duration_us?: number;
}

export interface ForgeRequest {
  pattern: string;
  count: number;
  seed?: string;
  sequence?: number;
}

export const forge = (req: ForgeRequest, signal?: AbortSignal) =>
  api<string[]>('/gen/forge', { method: 'POST', body: req, signal });
export const patternInfo = (pattern: string, signal?: AbortSignal) =>
  api<PatternInfo>('/gen/pattern-info', { method: 'POST', body: { pattern }, signal });
export const dictionaryInfo = () => api<DictionaryInfo[]>('/gen/dictionary-info');
export const dictionaryTags = () => api<DictionaryTag[]>('/gen/dictionary-tags');
export const totalStats = () => api<StatRow[]>('/stats/total', { auth: 'none' });

export interface Plan {
  slug: string;
  name: string;
  plan_type: 'saas' | 'on_premise' | 'other';
  display_order?: number;
  is_free?: boolean;
  is_custom?: boolean;
  badges?: string[];
}
export const publicPlans = () => api<Plan[]>('/subscriptions', { auth: 'none' });
