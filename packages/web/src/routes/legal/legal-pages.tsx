import { useParams } from 'react-router';
import { DocumentView } from '../docs/document-view.js';

/** /legal/{slug}: one legal document (the agreements link here). */
export function LegalDocumentPage() {
  const { slug = '' } = useParams();
  return <DocumentView key={slug} slug={slug} collection="legal" />;
}
