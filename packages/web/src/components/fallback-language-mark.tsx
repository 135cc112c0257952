import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, storedLanguageOf } from '../i18n/languages.js';

/**
 * Marks a text the server sent in another language than the reader's (no translation yet, so
 * the English original): a small badge naming the language shown, explained on hover and to
 * screen readers. Nothing when the text is in the reader's language.
 */
export function FallbackLanguageMark({ shown }: { shown: string }) {
  const { t, i18n } = useTranslation('components');
  const reader = i18n.resolvedLanguage ?? DEFAULT_LANGUAGE;
  if (shown === storedLanguageOf(reader)) return null;
  const name = new Intl.DisplayNames([reader], { type: 'language' }).of(shown) ?? shown;
  const note = t('untranslated', { language: name });
  return (
    <Badge
      size="xs"
      variant="outline"
      color="gray"
      title={note}
      aria-label={note}
      data-testid="fallback-language"
      style={{ verticalAlign: 'middle' }}
    >
      {name}
    </Badge>
  );
}
