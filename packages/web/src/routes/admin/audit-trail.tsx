import { Anchor, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { AuditObjectType } from '@slugsmith/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminQueries, queryString } from '../../lib/admin-api.js';
import { formatDateTime } from '../../ui/format.js';

const RECENT = 5;

/** The last admin writes to one object, with a way to its whole history in the audit log. */
export function AuditTrail({ type, id }: { type: AuditObjectType; id: string }) {
  const { t, i18n } = useTranslation('admin');
  const query = { offset: 0, limit: RECENT, object_type: type, object_id: id };
  const audit = useQuery(adminQueries.audit(query));
  const headingId = `audit-trail-${type}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId} data-testid="audit-trail">
      <Title order={2} size="h4" id={headingId} mb="sm">
        {t('audit.history')}
      </Title>
      {audit.isError && <Text size="sm">{t('audit.loadFailed')}</Text>}
      {audit.data && audit.data.items.length === 0 && <Text size="sm">{t('audit.noHistory')}</Text>}
      {audit.data && audit.data.items.length > 0 && (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {audit.data.items.map((entry) => (
            <Group key={entry.id} component="li" gap="xs" wrap="wrap" data-testid="audit-trail-entry">
              <Text size="sm">{formatDateTime(entry.at, i18n.language)}</Text>
              <Code>{entry.action}</Code>
              <Text size="sm" c="dimmed">
                {entry.actor.email}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      <Anchor
        component={Link}
        to={`/admin/audit${queryString({ object_type: type, object_id: id })}`}
        size="sm"
        mt="sm"
        display="inline-block"
      >
        {t('audit.fullHistory')}
      </Anchor>
    </Paper>
  );
}
