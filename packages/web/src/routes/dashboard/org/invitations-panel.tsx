import { Badge, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { Invitation, Organisation } from '@slugsmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../ui/format.js';
import { notifyFailure, notifySuccess } from '../../../ui/notify.js';
import { accountQueries, revokeInvitation } from '../../account/account-api.js';

/**
 * The organisation's open invitations (pending, expired) with revoke, for owners and admins; they
 * are sent by the members panel's add form (adding by e-mail invites).
 */
export function InvitationsPanel({ org }: { org: Organisation }) {
  const { t, i18n } = useTranslation(['account', 'dashboard']);
  const queryClient = useQueryClient();
  const invitations = useQuery(accountQueries.invitations(org.slug));
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: accountQueries.invitations(org.slug).queryKey });
  const revoke = useMutation({
    mutationFn: (invitation: Invitation) => revokeInvitation(org.slug, invitation.id),
    onSuccess: (_done, invitation) => {
      notifySuccess(t('invitations.revoked', { email: invitation.email }));
      return refresh();
    },
    onError: (error) => notifyFailure(t('invitations.revokeFailed'), error),
  });
  if (!invitations.data || invitations.data.length === 0) return null;

  return (
    <Paper withBorder radius="md" p="md">
      <Stack>
        <Title order={2} size="h5">
          {t('invitations.pendingTitle')}
        </Title>
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="xs" className="table-sticky-actions" data-testid="invitations-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('invitations.email')}</Table.Th>
                <Table.Th>{t('invitations.role')}</Table.Th>
                <Table.Th>{t('invitations.expires')}</Table.Th>
                <Table.Th>{t('invitations.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invitations.data.map((inv) => (
                <Table.Tr key={inv.id} data-testid="invitation-row">
                  <Table.Td>
                    <Text size="sm">{inv.email}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light">{t(`dashboard:roles.${inv.role}`)}</Badge>
                  </Table.Td>
                  <Table.Td>
                    {inv.state === 'expired' ? (
                      <Badge color="gray">{t('invitations.expired')}</Badge>
                    ) : (
                      <Text size="sm">{formatDate(inv.expires_at, i18n.resolvedLanguage)}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      loading={revoke.isPending && revoke.variables?.id === inv.id}
                      aria-label={t('invitations.revokeLabel', { email: inv.email })}
                      onClick={() => revoke.mutate(inv)}
                    >
                      {t('invitations.revoke')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
