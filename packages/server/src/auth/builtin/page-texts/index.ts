import { deDE } from './de-DE.js';
import { enGB, type PageTexts } from './en-GB.js';
import { enUS } from './en-US.js';
import { esES } from './es-ES.js';
import { frFR } from './fr-FR.js';
import { jaJP } from './ja-JP.js';
import { koKR } from './ko-KR.js';
import { ruRU } from './ru-RU.js';
import { srCyrl } from './sr-Cyrl.js';
import { srLatn } from './sr-Latn.js';
import { zhCN } from './zh-CN.js';

export type { PageTexts };

/** The built-in provider's page texts, by the console's language codes (product spec §9). */
export const pageTexts = {
  'en-GB': enGB,
  'en-US': enUS,
  'de-DE': deDE,
  'fr-FR': frFR,
  'es-ES': esES,
  'ru-RU': ruRU,
  'sr-Cyrl': srCyrl,
  'sr-Latn': srLatn,
  'zh-CN': zhCN,
  'ja-JP': jaJP,
  'ko-KR': koKR,
} satisfies Record<string, PageTexts>;

export type PageLocale = keyof typeof pageTexts;
