import { useParams } from 'react-router';
import { DocumentList } from './document-list.js';
import { DocumentView } from './document-view.js';

/** /docs: the documentation, by tags. */
export function DocsListPage() {
  return <DocumentList collection="docs" />;
}

/** /docs/{doc_slug}: one documentation page. */
export function DocPage() {
  const { docSlug = '' } = useParams();
  return <DocumentView key={docSlug} slug={docSlug} collection="docs" />;
}
