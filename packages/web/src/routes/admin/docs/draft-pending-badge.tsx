import { Badge } from '@mantine/core';
import type { AdminDocument } from '@slugsmith/contract';
import { useTranslation } from 'react-i18next';

/** "Draft pending": a published document with saved edits the site does not show yet. */
export function DraftPendingBadge({ doc }: { doc: Pick<AdminDocument, 'state' | 'draft_pending'> }) {
  const { t } = useTranslation('admin');
  if (doc.state !== 'published' || !doc.draft_pending) return null;
  return (
    <Badge variant="dot" color="yellow" data-testid="doc-draft-pending">
      {t('docs.draftPending')}
    </Badge>
  );
}
