import {
  Alert,
  Anchor,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { AdminDocument } from '@slugsmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.js';
import { MarkdownArticle } from '../../../components/markdown/markdown.js';
import {
  actOnDoc,
  adminKeys,
  adminQueries,
  deleteDoc,
  putTranslation,
  updateDoc,
} from '../../../lib/admin-api.js';
import { ApiError } from '../../../lib/api.js';
import { notifyFailure, notifySuccess } from '../../../ui/notify.js';
import { ErrorState, ListSkeleton } from '../../../ui/states.js';
import { AuditTrail } from '../audit-trail.js';
import { AdminHeader, ReadOnlyNote, StateBadge } from '../parts.js';
import { useStaff } from '../use-staff.js';
import { documentTitle, languagesFor, normaliseTags, publicPath } from './doc-helpers.js';
import { DraftPendingBadge } from './draft-pending-badge.js';

/** /admin/docs/{slug} ('Edit Document'): the document's fields, publishing, and one translation at a time. */
export function EditDocumentPage() {
  const { slug = '' } = useParams();
  const { t, i18n } = useTranslation('admin');
  const doc = useQuery(adminQueries.doc(slug));
  if (doc.isPending) return <ListSkeleton rows={6} />;
  if (doc.isError)
    return (
      <Stack>
        <Anchor component={Link} to="/admin/docs" size="sm">
          {t('docs.backToList')}
        </Anchor>
        <ErrorState title={t('docs.loadOneFailed')} error={doc.error} onRetry={() => doc.refetch()} />
      </Stack>
    );
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/docs" size="sm">
        {t('docs.backToList')}
      </Anchor>
      <AdminHeader
        title={documentTitle(doc.data, i18n.language)}
        intro={t('docs.editIntro')}
        actions={
          <Group gap="xs">
            <StateBadge state={doc.data.state} testId="doc-state" />
            <DraftPendingBadge doc={doc.data} />
          </Group>
        }
      />
      <ReadOnlyNote />
      <DocumentFields key={doc.data.updated_at} doc={doc.data} />
      <TranslationEditor doc={doc.data} />
      <AuditTrail type="document" id={doc.data.id} />
    </Stack>
  );
}

/** Stores the document the server answered with and refreshes the lists that show it. */
function useDocumentRefresh() {
  const client = useQueryClient();
  return (next: AdminDocument) => {
    client.setQueryData(adminQueries.doc(next.slug).queryKey, next);
    return client.invalidateQueries({ queryKey: adminKeys.docs() });
  };
}

function DocumentFields({ doc }: { doc: AdminDocument }) {
  const { t } = useTranslation('admin');
  const { writable } = useStaff();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [slug, setSlug] = useState(doc.slug);
  const [order, setOrder] = useState<number | string>(doc.order);
  const [tags, setTags] = useState(doc.tags);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const refresh = useDocumentRefresh();
  const save = useMutation({
    mutationFn: () =>
      updateDoc(doc.id, { slug: slug.trim(), order: Number(order) || 0, tags: normaliseTags(tags) }),
    onSuccess: async (next) => {
      await refresh(next);
      notifySuccess(t('docs.saved'));
      if (next.slug !== doc.slug) navigate(`/admin/docs/${encodeURIComponent(next.slug)}`, { replace: true });
    },
    onError: (error) => notifyFailure(t('docs.saveFailed'), error),
  });
  const act = useMutation({
    mutationFn: (action: 'publish' | 'unpublish') => actOnDoc(doc.id, { action }),
    onSuccess: async (next) => {
      await refresh(next);
      notifySuccess(next.state === 'published' ? t('docs.published') : t('docs.unpublished'));
    },
    onError: (error) => notifyFailure(t('docs.saveFailed'), error),
  });
  const published = doc.state === 'published';
  const remove = useMutation({
    mutationFn: () => deleteDoc(doc.id),
    onSuccess: async () => {
      setConfirmDelete(false);
      await client.invalidateQueries({ queryKey: adminKeys.docs() });
      notifySuccess(t('docs.deleted'));
      navigate('/admin/docs');
    },
    onError: (error) => {
      setConfirmDelete(false);
      notifyFailure(t('docs.deleteFailed'), error);
    },
  });
  const where = publicPath(doc.collection, doc.slug);

  return (
    <Fieldset legend={t('docs.document')} disabled={!writable}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('docs.fields.slug')}
            required
            value={slug}
            onChange={(e) => setSlug(e.currentTarget.value)}
            data-testid="doc-slug"
          />
          <NumberInput
            label={t('docs.fields.order')}
            min={0}
            allowDecimal={false}
            value={order}
            onChange={setOrder}
          />
          <TextInput label={t('docs.fields.collection')} value={doc.collection} readOnly />
        </SimpleGrid>
        <TagsInput
          mt="sm"
          label={t('docs.fields.tags')}
          description={t('docs.tagsHint')}
          value={tags}
          onChange={setTags}
          data-testid="doc-tags"
        />
        {writable && (
          <Group mt="md" gap="sm">
            <Button type="submit" loading={save.isPending} data-testid="doc-save">
              {t('actions.save')}
            </Button>
            {(!published || doc.draft_pending) && (
              <Button
                loading={act.isPending && act.variables === 'publish'}
                onClick={() => act.mutate('publish')}
                data-testid="doc-publish"
              >
                {published ? t('docs.publishChanges') : t('docs.publish')}
              </Button>
            )}
            {published && (
              <Button
                variant="default"
                loading={act.isPending && act.variables === 'unpublish'}
                onClick={() => act.mutate('unpublish')}
                data-testid="doc-unpublish"
              >
                {t('docs.unpublish')}
              </Button>
            )}
            <Button variant="default" onClick={() => setConfirmDelete(true)} data-testid="doc-delete">
              {t('actions.delete')}
            </Button>
          </Group>
        )}
        {where && published && (
          <Anchor component={Link} to={where} size="sm" mt="sm" display="inline-block">
            {t('docs.viewPublic')}
          </Anchor>
        )}
      </form>
      <ConfirmDialog
        opened={confirmDelete}
        title={t('docs.deleteTitle', { slug: doc.slug })}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirmDelete(false)}
        loading={remove.isPending}
        confirmLabel={t('actions.delete')}
      >
        <Text size="sm">{t('docs.deleteBody')}</Text>
      </ConfirmDialog>
    </Fieldset>
  );
}

/** One language's title and markdown, with the public renderer beside it as the text changes. */
function TranslationEditor({ doc }: { doc: AdminDocument }) {
  const { t } = useTranslation('admin');
  const { writable } = useStaff();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const languages = languagesFor(doc);
  const lang = params.get('lang') ?? languages[0]?.code ?? 'en';
  const existing = doc.translations.some((tr) => tr.language === lang);
  const translation = useQuery({
    ...adminQueries.translation(doc.id, lang),
    enabled: existing,
    retry: (count, error) => !(error instanceof ApiError && error.code === 404) && count < 2,
  });
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [view, setView] = useState<'split' | 'edit' | 'preview'>('split');
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const refresh = useDocumentRefresh();
  const languageName = t(`languages.${lang}`);
  // The inputs take the stored text when the language (or its stored version) changes.
  const loaded = translation.data;
  useEffect(() => {
    setTitle(loaded?.title ?? '');
    setContent(loaded?.content ?? '');
  }, [loaded]);
  useEffect(() => {
    if (!existing) {
      setTitle('');
      setContent('');
    }
  }, [existing]);

  const save = useMutation({
    mutationFn: () => putTranslation(doc.id, lang, { title, content }),
    onSuccess: async (saved) => {
      client.setQueryData(adminQueries.translation(doc.id, lang).queryKey, saved);
      await client.invalidateQueries({ queryKey: adminKeys.docs() });
      notifySuccess(saved.draft ? t('docs.draftSaved') : t('docs.translationSaved'));
    },
    onError: (error) => notifyFailure(t('docs.saveFailed'), error),
  });
  // This language's draft only: publishing or discarding it leaves the other languages' drafts.
  const act = useMutation({
    mutationFn: (action: 'publish' | 'discard') => actOnDoc(doc.id, { action, language: lang }),
    onSuccess: async (next, action) => {
      setConfirmDiscard(false);
      // The document's refresh reloads this language's text too (its key is below the document's).
      await refresh(next);
      notifySuccess(
        action === 'publish'
          ? t('docs.languagePublished', { language: languageName })
          : t('docs.draftDiscarded', { language: languageName }),
      );
    },
    onError: (error) => {
      setConfirmDiscard(false);
      notifyFailure(t('docs.saveFailed'), error);
    },
  });
  const draft = existing && translation.data?.draft === true;
  const chooseLanguage = (code: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('lang', code);
        return next;
      },
      { replace: true },
    );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="doc-translation-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="doc-translation-heading">
          {t('docs.translations')}
        </Title>
        <Group gap={6} role="group" aria-label={t('docs.fields.language')}>
          {languages.map(({ code, present }) => (
            <Button
              key={code}
              size="compact-sm"
              variant={code === lang ? 'filled' : present ? 'light' : 'default'}
              aria-pressed={code === lang}
              onClick={() => chooseLanguage(code)}
              data-testid={`doc-lang-${code}`}
              data-present={present}
            >
              {t(`languages.${code}`)}
              {!present && ` (${t('docs.missing')})`}
            </Button>
          ))}
        </Group>
        {!existing && (
          <Text size="sm" c="dimmed">
            {t('docs.newTranslation')}
          </Text>
        )}
        {draft && (
          <Alert color="yellow" variant="light" data-testid="doc-draft-note">
            <Stack gap="xs">
              <Text size="sm">
                {translation.data?.published ? t('docs.draftNote') : t('docs.draftNoteNew')}
              </Text>
              {writable && (
                <Group gap="sm">
                  <Button
                    size="compact-sm"
                    loading={act.isPending && act.variables === 'publish'}
                    onClick={() => act.mutate('publish')}
                    data-testid="doc-publish-language"
                  >
                    {t('docs.publishLanguage', { language: languageName })}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={() => setConfirmDiscard(true)}
                    data-testid="doc-discard"
                  >
                    {t('docs.discardDraft')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Alert>
        )}
        {existing && translation.isPending ? (
          <ListSkeleton rows={3} />
        ) : existing && translation.isError ? (
          <ErrorState
            title={t('docs.loadOneFailed')}
            error={translation.error}
            onRetry={() => translation.refetch()}
          />
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate();
            }}
          >
            <Stack gap="sm">
              <TextInput
                label={t('docs.fields.title')}
                required
                value={title}
                onChange={(e) => setTitle(e.currentTarget.value)}
                readOnly={!writable}
                data-testid="doc-title"
              />
              <SegmentedControl
                value={view}
                onChange={(v) => setView(v as typeof view)}
                data={[
                  { value: 'split', label: t('docs.viewSplit') },
                  { value: 'edit', label: t('docs.viewEdit') },
                  { value: 'preview', label: t('docs.viewPreview') },
                ]}
                aria-label={t('docs.viewLabel')}
                w="fit-content"
              />
              <SimpleGrid cols={{ base: 1, md: view === 'split' ? 2 : 1 }}>
                {view !== 'preview' && (
                  <Textarea
                    label={t('docs.fields.content')}
                    value={content}
                    onChange={(e) => setContent(e.currentTarget.value)}
                    autosize
                    minRows={16}
                    maxRows={40}
                    readOnly={!writable}
                    classNames={{ input: 'mono-input' }}
                    data-testid="doc-content"
                  />
                )}
                {view !== 'edit' && (
                  <Paper
                    withBorder
                    p="md"
                    radius="sm"
                    data-testid="doc-preview"
                    aria-label={t('docs.viewPreview')}
                  >
                    {content.trim() ? (
                      <MarkdownArticle content={content} />
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('docs.previewEmpty')}
                      </Text>
                    )}
                  </Paper>
                )}
              </SimpleGrid>
              {writable && (
                <Group>
                  <Button type="submit" loading={save.isPending} data-testid="doc-translation-save">
                    {t('docs.saveTranslation', { language: languageName })}
                  </Button>
                </Group>
              )}
            </Stack>
          </form>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirmDiscard}
        title={t('docs.discardTitle', { language: languageName })}
        onConfirm={() => act.mutate('discard')}
        onCancel={() => setConfirmDiscard(false)}
        loading={act.isPending && act.variables === 'discard'}
        confirmLabel={t('docs.discardDraft')}
      >
        <Text size="sm">
          {translation.data?.published ? t('docs.discardBody') : t('docs.discardBodyNew')}
        </Text>
      </ConfirmDialog>
    </Paper>
  );
}
