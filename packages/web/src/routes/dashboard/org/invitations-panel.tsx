import { Badge, Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Invitation, Organisation, OrgRole } from '@slugsmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  accountKeys,
  createInvitation,
  listInvitations,
  refusalReason,
  revokeInvitation,
} from '../../account/account-api.js';
import { formatDate } from '../format.js';
import { notifyFailure, notifySuccess } from '../notify.js';

/** Invite by e-mail with a role; open invitations (pending, expired) with revoke. Owners and admins. */
export function InvitationsPanel({ org }: { org: Organisation }) {
  const { t, i18n } = useTranslation(['account', 'dashboard']);
  const queryClient = useQueryClient();
  const key = accountKeys.invitations(org.slug);
  const invitations = useQuery({ queryKey: key, queryFn: ({ signal }) => listInvitations(org.slug, signal) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const form = useForm<{ email: string; role: OrgRole }>({
    initialValues: { email: '', role: 'member' },
    validate: { email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : t('invitations.invalidEmail')) },
  });
  const invite = useMutation({
    mutationFn: (values: { email: string; role: OrgRole }) =>
      createInvitation(org.slug, {
        email: values.email.trim(),
        role: values.role,
        language: i18n.resolvedLanguage,
      }),
    onSuccess: (sent) => {
      notifySuccess(t('invitations.sent', { email: sent.email }));
      form.setFieldValue('email', '');
      return refresh();
    },
    onError: (error) => {
      if (refusalReason(error) === 'already_member')
        form.setFieldError('email', t('invitations.alreadyMember'));
      else notifyFailure(t('invitations.failed'), error);
    },
  });
  const revoke = useMutation({
    mutationFn: (invitation: Invitation) => revokeInvitation(org.slug, invitation.id),
    onSuccess: (_done, invitation) => {
      notifySuccess(t('invitations.revoked', { email: invitation.email }));
      return refresh();
    },
    onError: (error) => notifyFailure(t('invitations.revokeFailed'), error),
  });
  // Only owners invite owners (the server's rule too).
  const assignable: OrgRole[] = org.role === 'owner' ? ['member', 'admin', 'owner'] : ['member', 'admin'];
  const roles = assignable.map((r) => ({ value: r, label: t(`dashboard:roles.${r}`) }));

  return (
    <Paper withBorder radius="md" p="md">
      <Stack>
        <form onSubmit={form.onSubmit((values) => invite.mutate(values))}>
          <Title order={2} size="h5" mb="xs">
            {t('invitations.title')}
          </Title>
          <Text size="sm" c="dimmed" mb="xs">
            {t('invitations.intro')}
          </Text>
          <Group align="flex-start" wrap="wrap">
            <TextInput
              label={t('invitations.email')}
              type="email"
              style={{ flex: '1 1 240px' }}
              data-testid="invite-email"
              {...form.getInputProps('email')}
            />
            <Select
              label={t('invitations.role')}
              data={roles}
              allowDeselect={false}
              w={160}
              {...form.getInputProps('role')}
            />
            <Button type="submit" mt={25} loading={invite.isPending} data-testid="invite-send">
              {t('invitations.send')}
            </Button>
          </Group>
        </form>
        {invitations.data && invitations.data.length > 0 && (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs" data-testid="invitations-table">
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
        )}
      </Stack>
    </Paper>
  );
}
