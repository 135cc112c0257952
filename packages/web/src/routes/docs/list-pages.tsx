import { DocumentList } from './document-list.js';

// The collections' list pages, apart from the document pages: a list loads without the markdown
// renderer that only a document needs.

/** /docs: the documentation, by tags. */
export function DocsListPage() {
  return <DocumentList collection="docs" />;
}

/** /articles: the articles, by tags. */
export function ArticlesListPage() {
  return <DocumentList collection="articles" />;
}

/** /legal: licence, privacy policy, terms of service and contacts. */
export function LegalListPage() {
  return <DocumentList collection="legal" />;
}
