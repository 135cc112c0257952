import { Alert, Badge, Button, Code, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminQueries } from '../../../lib/admin-api.js';
import { formatDate } from '../../../ui/format.js';

/** /admin/mail: what the embedded mailer kept (no SMTP configured), so staff can pass a link on. */
export function MailPage() {
  const { t, i18n } = useTranslation('account');
  const outbox = useQuery(adminQueries.outbox());
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('mail.title')}
      </Title>
      <Text size="sm">{t('mail.intro')}</Text>
      {outbox.isPending && <Skeleton height={120} />}
      {outbox.isError && (
        <Alert color="red" role="alert">
          {t('mail.loadFailed')}
        </Alert>
      )}
      {outbox.data?.items.length === 0 && <Text>{t('mail.empty')}</Text>}
      {outbox.data && outbox.data.items.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" data-testid="outbox-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('mail.sent')}</Table.Th>
                <Table.Th>{t('mail.recipient')}</Table.Th>
                <Table.Th>{t('mail.subject')}</Table.Th>
                <Table.Th>{t('mail.kind')}</Table.Th>
                <Table.Th>{t('mail.view')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {outbox.data.items.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{formatDate(m.created_at, i18n.resolvedLanguage)}</Table.Td>
                  <Table.Td>{m.to}</Table.Td>
                  <Table.Td>{m.subject}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{m.kind}</Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="subtle" onClick={() => setOpen(open === m.id ? null : m.id)}>
                      {open === m.id ? t('mail.hide') : t('mail.view')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {open && <MailText id={open} />}
    </Stack>
  );
}

/** One message's plain text (its links readable and copyable). */
function MailText({ id }: { id: string }) {
  const mail = useQuery(adminQueries.outboxMail(id));
  if (!mail.data) return <Skeleton height={160} />;
  return (
    <Paper withBorder p="md" data-testid="outbox-mail">
      <Text fw={600} mb="xs">
        {mail.data.subject}
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap' }}>
        {mail.data.text}
      </Code>
    </Paper>
  );
}
