import { Badge } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const COPY_CONFIRMATION_MS = 2000;

/** A slug that copies itself to the clipboard on click and shows a check mark for 2 s (§2.8). */
export function SlugBadge({ slug, size = 'lg' }: { slug: string; size?: 'md' | 'lg' | 'xl' }) {
  const { t } = useTranslation('components');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(slug);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Badge
      component="button"
      type="button"
      onClick={copy}
      size={size}
      variant="default"
      title={copied ? t('slug.copied') : t('slug.copy')}
      tt="none"
      ff="monospace"
      style={{ cursor: 'pointer' }}
      aria-label={copied ? t('slug.copiedLabel', { slug }) : t('slug.copyLabel', { slug })}
      rightSection={copied ? <span aria-hidden="true">✓</span> : undefined}
    >
      {slug}
    </Badge>
  );
}
