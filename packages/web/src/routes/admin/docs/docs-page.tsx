import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DOCUMENT_LANGUAGES, type DocumentState } from '@slugsmith/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { adminKeys, adminQueries, createDoc, createDocTag, deleteDocTag } from '../../../lib/admin-api.js';
import { formatDate } from '../../../ui/format.js';
import { notifyFailure, notifySuccess } from '../../../ui/notify.js';
import { ErrorState, ListSkeleton } from '../../../ui/states.js';
import { Pager } from '../pager.js';
import { AdminHeader, ReadOnlyNote, StateBadge, TableScroll } from '../parts.js';
import { useStaff } from '../use-staff.js';
import { documentTitle, normaliseTags } from './doc-helpers.js';
import { DraftPendingBadge } from './draft-pending-badge.js';

const PAGE_SIZE = 20;

/** /admin/docs: every document with its tags and languages, filters, new documents and the tags. */
export function AdminDocsPage() {
  const { t, i18n } = useTranslation('admin');
  const { writable } = useStaff();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const state = (params.get('state') ?? undefined) as DocumentState | undefined;
  const tag = params.get('tag') ?? undefined;
  const [creating, setCreating] = useState(false);
  const query = { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, state, tags: tag ? [tag] : undefined };
  const docs = useQuery({
    ...adminQueries.docs(query),
    placeholderData: keepPreviousData,
  });
  const tags = useQuery(adminQueries.docTags());
  const setParam = (name: string, value: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(name, value);
      else next.delete(name);
      if (name !== 'page') next.delete('page');
      return next;
    });

  return (
    <>
      <AdminHeader
        title={t('docs.title')}
        intro={t('docs.intro')}
        actions={
          writable && (
            <Button onClick={() => setCreating(true)} data-testid="doc-create">
              {t('docs.create')}
            </Button>
          )
        }
      />
      <ReadOnlyNote />
      <Group gap="sm" mb="md" align="flex-end">
        <Select
          label={t('docs.filterState')}
          data={[
            { value: 'draft', label: t('states.draft') },
            { value: 'published', label: t('states.published') },
          ]}
          value={state ?? null}
          onChange={(v) => setParam('state', v)}
          placeholder={t('filters.any')}
          clearable
          w={180}
          data-testid="doc-filter-state"
        />
        <Select
          label={t('docs.filterTag')}
          data={(tags.data ?? []).map((tg) => tg.name)}
          value={tag ?? null}
          onChange={(v) => setParam('tag', v)}
          placeholder={t('filters.any')}
          clearable
          searchable
          w={200}
          data-testid="doc-filter-tag"
        />
      </Group>
      {docs.isPending && <ListSkeleton rows={6} />}
      {docs.isError && (
        <ErrorState title={t('docs.loadFailed')} error={docs.error} onRetry={() => docs.refetch()} />
      )}
      {docs.data && docs.data.items.length === 0 && <Text data-testid="docs-empty">{t('docs.empty')}</Text>}
      {docs.data && docs.data.items.length > 0 && (
        <Stack gap="sm">
          <TableScroll label={t('docs.title')}>
            <Table striped highlightOnHover verticalSpacing="xs" data-testid="docs-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('docs.fields.title')}</Table.Th>
                  <Table.Th>{t('docs.fields.collection')}</Table.Th>
                  <Table.Th>{t('docs.fields.state')}</Table.Th>
                  <Table.Th>{t('docs.fields.tags')}</Table.Th>
                  <Table.Th>{t('docs.fields.languages')}</Table.Th>
                  <Table.Th>{t('docs.fields.updated')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {docs.data.items.map((doc) => (
                  <Table.Tr key={doc.id} data-testid={`doc-row-${doc.slug}`}>
                    <Table.Td>
                      <Anchor component={Link} to={`/admin/docs/${encodeURIComponent(doc.slug)}`}>
                        {documentTitle(doc, i18n.language)}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {doc.slug}
                      </Text>
                    </Table.Td>
                    <Table.Td>{doc.collection}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        <StateBadge state={doc.state} />
                        <DraftPendingBadge doc={doc} />
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {doc.tags.map((tg) => (
                          <Badge key={tg} variant="default" size="sm">
                            {tg}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>{doc.translations.map((tr) => tr.language).join(', ')}</Table.Td>
                    <Table.Td>{formatDate(doc.updated_at, i18n.language)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          <Pager
            total={docs.data.total}
            limit={PAGE_SIZE}
            page={page}
            onPage={(p) => setParam('page', String(p))}
          />
        </Stack>
      )}
      <TagsPanel />
      <CreateDocumentDialog opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}

/** The tags documents can carry: each with its count; staff add and delete them. */
function TagsPanel() {
  const { t } = useTranslation('admin');
  const { writable } = useStaff();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const tags = useQuery(adminQueries.docTags());
  const refresh = () => client.invalidateQueries({ queryKey: adminKeys.docs() });
  const add = useMutation({
    mutationFn: () => createDocTag(name.trim().toLowerCase()),
    onSuccess: async () => {
      setName('');
      await refresh();
      notifySuccess(t('docs.tagAdded'));
    },
    onError: (error) => notifyFailure(t('docs.tagFailed'), error),
  });
  const remove = useMutation({
    mutationFn: deleteDocTag,
    onSuccess: async () => {
      await refresh();
      notifySuccess(t('docs.tagDeleted'));
    },
    onError: (error) => notifyFailure(t('docs.tagFailed'), error),
  });
  return (
    <Paper withBorder p="md" mt="xl" component="section" aria-labelledby="doc-tags-heading">
      <Title order={2} size="h4" id="doc-tags-heading" mb="sm">
        {t('docs.tags')}
      </Title>
      {tags.isError && <ErrorState title={t('docs.loadFailed')} error={tags.error} />}
      <Group gap="xs" mb="sm">
        {(tags.data ?? []).map((tg) => (
          <Badge
            key={tg.name}
            variant="light"
            color="gray"
            rightSection={
              writable && (
                <ActionIcon
                  size="xs"
                  variant="transparent"
                  color="gray"
                  aria-label={t('docs.deleteTag', { tag: tg.name })}
                  onClick={() => remove.mutate(tg.name)}
                >
                  <span aria-hidden="true">×</span>
                </ActionIcon>
              )
            }
          >
            {tg.name} ({tg.documents})
          </Badge>
        ))}
        {tags.data?.length === 0 && <Text size="sm">{t('docs.noTags')}</Text>}
      </Group>
      {writable && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) add.mutate();
          }}
        >
          <Group align="flex-end" gap="xs">
            <TextInput
              label={t('docs.newTag')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              data-testid="doc-tag-name"
            />
            <Button type="submit" variant="default" loading={add.isPending}>
              {t('actions.add')}
            </Button>
          </Group>
        </form>
      )}
    </Paper>
  );
}

function CreateDocumentDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [slug, setSlug] = useState('');
  const [title, setTitle] = useState('');
  const [collection, setCollection] = useState('docs');
  const [language, setLanguage] = useState<string>('en');
  const [tags, setTags] = useState<string[]>([]);
  const create = useMutation({
    mutationFn: () =>
      createDoc({ slug: slug.trim(), title, collection, language, tags: normaliseTags(tags), content: '' }),
    onSuccess: async (doc) => {
      await client.invalidateQueries({ queryKey: adminKeys.docs() });
      notifySuccess(t('docs.created'));
      onClose();
      navigate(`/admin/docs/${encodeURIComponent(doc.slug)}?lang=${encodeURIComponent(language)}`);
    },
    onError: (error) => notifyFailure(t('docs.createFailed'), error),
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('docs.create')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <Stack>
          <TextInput
            label={t('docs.fields.slug')}
            description={t('docs.slugHint')}
            required
            value={slug}
            onChange={(e) => setSlug(e.currentTarget.value)}
            data-testid="doc-new-slug"
          />
          <TextInput
            label={t('docs.fields.title')}
            required
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            data-testid="doc-new-title"
          />
          <Select
            label={t('docs.fields.collection')}
            data={['docs', 'articles', 'legal', 'landing'].map((c) => ({
              value: c,
              label: t(`docs.collections.${c}`),
            }))}
            value={collection}
            onChange={(v) => v && setCollection(v)}
            allowDeselect={false}
          />
          <Select
            label={t('docs.fields.language')}
            data={DOCUMENT_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
            value={language}
            onChange={(v) => v && setLanguage(v)}
            allowDeselect={false}
          />
          <TagsInput label={t('docs.fields.tags')} value={tags} onChange={setTags} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="doc-new-submit">
              {t('actions.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
