import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import type { Organisation } from '@slugsmith/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LicenceCells, LicenceFileActions } from '../../../ui/licence-parts.js';
import { EmptyState, ErrorState, ListSkeleton } from '../../../ui/states.js';
import { licenceQueries } from './licences-api.js';

/** The organisation's on-premise licences: what each allows, until when, and the token to install. */
export function LicencesTab({ org }: { org: Organisation }) {
  const { t } = useTranslation('licences');
  const licences = useQuery(licenceQueries.org(org.slug));
  return (
    <Stack gap="md" component="section" aria-labelledby="licences-heading">
      <div>
        <Title order={2} size="h3" id="licences-heading">
          {t('title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('intro')}{' '}
          <Anchor component={Link} to="/docs/on-premise" size="sm" underline="always">
            {t('docsLink')}
          </Anchor>
        </Text>
      </div>
      {licences.isPending && <ListSkeleton rows={2} height={36} />}
      {licences.isError && (
        <ErrorState title={t('loadFailed')} error={licences.error} onRetry={() => licences.refetch()} />
      )}
      {licences.data?.length === 0 && (
        <EmptyState
          title={t('empty')}
          action={
            <Anchor component={Link} to="/products" size="sm">
              {t('emptyAction')}
            </Anchor>
          }
        >
          {t('emptyHint')}
        </EmptyState>
      )}
      {licences.data && licences.data.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="xs" className="table-sticky-actions" data-testid="licences">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.plan')}</Table.Th>
                <Table.Th>{t('fields.nodes')}</Table.Th>
                <Table.Th>{t('fields.issued')}</Table.Th>
                <Table.Th>{t('fields.expires')}</Table.Th>
                <Table.Th>{t('fields.status')}</Table.Th>
                <Table.Th>{t('fields.file')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {licences.data.map((licence) => (
                <Table.Tr key={licence.id} data-testid="licence-row" data-licence={licence.id}>
                  <LicenceCells licence={licence} />
                  <Table.Td>
                    <LicenceFileActions licence={licence} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
