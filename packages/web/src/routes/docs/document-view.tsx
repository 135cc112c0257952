import { Alert, Anchor, Box, Container, Grid, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { MarkdownArticle } from '../../components/markdown/markdown.js';
import { DocumentToc, hasOutline } from '../../components/markdown/toc.js';
import { storedLanguageOf } from '../../i18n/languages.js';
import { BRAND } from '../../lib/titles.js';
import { DocumentPager } from './document-pager.js';
import { DocumentPlaceholder, DocumentSkeleton } from './document-states.js';
import {
  COLLECTION_PATHS,
  type Collection,
  documentErrorMessage,
  isClientError,
  isCollection,
  type StoredDocument,
  useDocument,
  useDocumentLanguage,
  useRequestedLanguage,
} from './documents.js';

/** After the article renders, the heading named by the address's #fragment comes into view. */
function useScrollToFragment(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    document.getElementById(id)?.scrollIntoView();
  }, [ready, hash]);
}

/** A note when the document is served in another language than the one asked for (server fallback). */
function FallbackLanguageNote({ document: doc }: { document: StoredDocument }) {
  const { t } = useTranslation('docs');
  const interfaceLanguage = useDocumentLanguage();
  const requested = useRequestedLanguage();
  if (doc.language === storedLanguageOf(requested)) return null;
  const shown =
    new Intl.DisplayNames([interfaceLanguage], { type: 'language' }).of(doc.language) ?? doc.language;
  return (
    <Alert variant="light" color="gray" data-testid="doc-fallback-language">
      {t('fallbackLanguage', { language: shown })}
    </Alert>
  );
}

/**
 * The documentation content view (product spec §2.9): loads a document by slug in the current
 * language; skeleton while loading; placeholder content on failure or an empty result; markdown
 * with self-linking headings and a table of contents of levels 1 to 3.
 */
export function DocumentView({ slug, collection }: { slug: string; collection: Collection }) {
  const { t, i18n } = useTranslation('docs');
  const { hash, search } = useLocation();
  const query = useDocument(slug);
  // Mantine's md breakpoint, where the table of contents moves beside the text.
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const doc = query.data;
  const readable = !!doc && doc.format === 'markdown' && doc.content.trim() !== '';
  useScrollToFragment(readable && !query.isPlaceholderData);
  // '{Document} - {brand}', as the server renders it for crawlers; set after the shell's page
  // title, also when the language changes.
  const title = doc?.title;
  const language = i18n.resolvedLanguage;
  useEffect(() => {
    if (title && language) document.title = `${title} - ${BRAND}`;
  }, [title, language]);

  // A document of another collection is read at its own address (/docs/privacy-policy → /legal/…).
  if (doc && doc.collection !== collection && isCollection(doc.collection))
    return <Navigate to={`${COLLECTION_PATHS[doc.collection]}/${doc.slug}${search}${hash}`} replace />;

  let body: ReactNode;
  if (query.isPending) body = <DocumentSkeleton />;
  else if (query.isError || !readable) {
    const failed = query.isError;
    const retryable = failed && !isClientError(query.error);
    body = (
      <DocumentPlaceholder
        collection={collection}
        error={failed ? documentErrorMessage(query.error, t) : undefined}
        onRetry={retryable ? () => query.refetch() : undefined}
      />
    );
  } else {
    const contentKey = `${doc.id}:${doc.language}:${doc.updated_at}`;
    body = (
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 9 }} order={{ base: 2, md: 1 }}>
          <Stack gap="md">
            <FallbackLanguageNote document={doc} />
            <Box component="article" lang={doc.language} data-testid="doc-article">
              {/^\s*#\s/.test(doc.content) ? null : <Title order={1}>{doc.title}</Title>}
              <MarkdownArticle content={doc.content} />
            </Box>
            <DocumentPager slug={doc.slug} collection={collection} />
          </Stack>
        </Grid.Col>
        {hasOutline(doc.content) && (
          <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 1, md: 2 }}>
            {/* Mounted with the article's text, so it reads the headings of this version. */}
            <DocumentToc key={contentKey} collapsed={!wide} />
          </Grid.Col>
        )}
      </Grid>
    );
  }

  return (
    <Container size="lg" py="xl">
      <Anchor component={Link} to={COLLECTION_PATHS[collection]} size="sm" mb="md" display="inline-block">
        <span aria-hidden="true">← </span>
        {t(`back.${collection}`)}
      </Anchor>
      {body}
    </Container>
  );
}
