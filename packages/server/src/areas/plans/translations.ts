// A plan's texts in the reader's language: the nearest translation over the English original.
import { type PlanTranslation, type SetPlanTranslation, TRANSLATED_SLA_KEYS } from '@slugsmith/contract';
import { nearestTranslation } from '../../platform/reader-language.js';
import type { PlanRow, TranslationRow } from './queries.js';

export interface LocalisedTexts {
  /** The stored language the texts are in (`en`: the original). */
  language: string;
  name: string;
  description: string;
  /** The stored features with the translated SLA words in place of the English ones. */
  features: PlanRow['features'];
}

/**
 * Name, description and SLA words in the translation nearest `lang`. An SLA value is translated
 * only where the plan has one: a translation cannot give a plan an SLA term it does not offer.
 */
export function localise(
  plan: PlanRow & { translations: readonly TranslationRow[] },
  lang: string | undefined,
): LocalisedTexts {
  const t = nearestTranslation(plan.translations, lang);
  if (!t) return { language: 'en', name: plan.name, description: plan.description, features: plan.features };
  const features = { ...plan.features };
  for (const key of TRANSLATED_SLA_KEYS) {
    if (typeof features[key] === 'string' && features[key] !== '' && t.sla[key]) features[key] = t.sla[key];
  }
  return { language: t.language, name: t.name, description: t.description, features };
}

export function toTranslation(t: TranslationRow): PlanTranslation {
  return {
    language: t.language,
    name: t.name,
    description: t.description,
    sla: t.sla,
    updated_at: t.updatedAt.toISOString(),
  };
}

/** The SLA words worth keeping: empty ones fall back to English, so they are not stored. */
export function storedSla(sla: SetPlanTranslation['sla']): Record<string, string> {
  return Object.fromEntries(Object.entries(sla).filter((e): e is [string, string] => !!e[1]));
}
