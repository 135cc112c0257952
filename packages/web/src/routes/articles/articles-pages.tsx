import { useParams } from 'react-router';
import { DocumentView } from '../docs/document-view.js';

/** /articles/{slug}: one article. */
export function ArticlePage() {
  const { slug = '' } = useParams();
  return <DocumentView key={slug} slug={slug} collection="articles" />;
}
