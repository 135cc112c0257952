import { useParams } from 'react-router';
import { DocumentView } from './document-view.js';

/** /docs/{doc_slug}: one documentation page. */
export function DocPage() {
  const { docSlug = '' } = useParams();
  return <DocumentView key={docSlug} slug={docSlug} collection="docs" />;
}
