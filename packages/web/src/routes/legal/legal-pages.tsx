import { useParams } from 'react-router';
import { DocumentList } from '../docs/document-list.js';
import { DocumentView } from '../docs/document-view.js';

/** /legal: licence, privacy policy, terms of service and contacts. */
export function LegalListPage() {
  return <DocumentList collection="legal" />;
}

/** /legal/{slug}: one legal document (the agreements link here). */
export function LegalDocumentPage() {
  const { slug = '' } = useParams();
  return <DocumentView key={slug} slug={slug} collection="legal" />;
}
