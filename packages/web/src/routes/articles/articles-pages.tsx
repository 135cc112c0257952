import { useParams } from 'react-router';
import { DocumentList } from '../docs/document-list.js';
import { DocumentView } from '../docs/document-view.js';

/** /articles: the articles, by tags. */
export function ArticlesListPage() {
  return <DocumentList collection="articles" />;
}

/** /articles/{slug}: one article. */
export function ArticlePage() {
  const { slug = '' } = useParams();
  return <DocumentView key={slug} slug={slug} collection="articles" />;
}
