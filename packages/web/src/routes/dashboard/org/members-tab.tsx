import {
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Member, Organisation, OrgRole } from '@slugsmith/contract';
import { AddMember } from '@slugsmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccount } from '../../../auth/account.js';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.js';
import { ApiError } from '../../../lib/api.js';
import {
  addMember,
  consoleKeys,
  consoleQueries,
  hasRole,
  removeMember,
  updateMemberRole,
} from '../../../lib/console-api.js';
import { assignableRoles, mayChangeRole, mayLeave, mayManageMember } from '../../../model/members.js';
import { formatDate } from '../../../ui/format.js';
import { contractForm } from '../../../ui/forms.js';
import { notifyFailure, notifySuccess } from '../../../ui/notify.js';
import { serverMessage } from '../../../ui/server-messages.js';
import { EmptyState, ErrorState, ListSkeleton, ReadOnlyNotice } from '../../../ui/states.js';
import { accountQueries } from '../../account/account-api.js';
import { InvitationsPanel } from './invitations-panel.js';

export function MembersTab({ org }: { org: Organisation }) {
  const { t, i18n } = useTranslation(['dashboard', 'errors']);
  const { account } = useAccount();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isAdmin = hasRole(org.role, 'admin');
  const members = useQuery(consoleQueries.members(org.slug));
  const [removing, setRemoving] = useState<Member | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: consoleKeys.members(org.slug) });
  const changeRole = useMutation({
    mutationFn: ({ member, role }: { member: Member; role: OrgRole }) =>
      updateMemberRole(org.slug, member.slug, role),
    onSuccess: (m) => {
      notifySuccess(t('members.roleChanged', { email: m.email, role: t(`roles.${m.role}`) }));
      return refresh();
    },
    onError: (error) => notifyFailure(t('members.roleFailed'), error),
  });
  const remove = useMutation({
    mutationFn: (member: Member) => removeMember(org.slug, member.slug),
    onSuccess: async (_done, member) => {
      setRemoving(null);
      if (member.slug === account?.slug) {
        notifySuccess(t('members.left', { name: org.name }));
        await queryClient.invalidateQueries({ queryKey: consoleKeys.orgs() });
        navigate('/dashboard');
        return;
      }
      notifySuccess(t('members.removed', { email: member.email }));
      await refresh();
    },
    onError: (error) => notifyFailure(t('members.removeFailed'), error),
  });

  const leaving = removing !== null && removing.slug === account?.slug;

  return (
    <Stack>
      {!isAdmin && <ReadOnlyNotice />}
      {isAdmin && <AddMemberForm org={org} />}
      {isAdmin && <InvitationsPanel org={org} />}
      {members.isPending && <ListSkeleton />}
      {members.isError && (
        <ErrorState title={t('members.loadFailed')} error={members.error} onRetry={() => members.refetch()} />
      )}
      {members.data && members.data.length === 0 && <EmptyState title={t('members.empty')} />}
      {members.data && members.data.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" className="table-sticky-actions" data-testid="members-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('members.email')}</Table.Th>
                <Table.Th>{t('members.role')}</Table.Th>
                <Table.Th>{t('members.joined')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('members.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.data.map((m) => {
                const self = m.slug === account?.slug;
                const manageable = mayManageMember(org.role, m);
                const roleLocked = manageable && !mayChangeRole(m, members.data);
                // The sole owner sees why there is no Leave button instead of a refusal from the server.
                const soleOwner = self && !mayLeave(m, members.data);
                return (
                  <Table.Tr key={m.slug} data-testid="member-row">
                    <Table.Td>
                      <Text size="sm">{m.email}</Text>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {m.slug}
                        {self && ` · ${t('members.you')}`}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {manageable && !roleLocked ? (
                        <Select
                          aria-label={t('members.roleOf', { email: m.email })}
                          data={assignableRoles(org.role).map((r) => ({ value: r, label: t(`roles.${r}`) }))}
                          value={m.role}
                          allowDeselect={false}
                          w={140}
                          size="xs"
                          disabled={changeRole.isPending}
                          onChange={(role) => {
                            if (role && role !== m.role)
                              changeRole.mutate({ member: m, role: role as OrgRole });
                          }}
                        />
                      ) : (
                        <Badge variant="light">{t(`roles.${m.role}`)}</Badge>
                      )}
                      {roleLocked && (
                        <Text size="xs" c="dimmed" maw={220} mt={4} data-testid="role-locked">
                          {t('members.roleSoleOwner')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDate(m.joined_at, i18n.resolvedLanguage)}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      {soleOwner && (
                        <Text size="xs" c="dimmed" maw={260} ml="auto" data-testid="leave-blocked">
                          {t('members.leaveSoleOwner')}
                        </Text>
                      )}
                      {(manageable || self) && !soleOwner && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setRemoving(m)}
                          aria-label={
                            self ? t('members.leave') : t('members.removeLabel', { email: m.email })
                          }
                        >
                          {self ? t('members.leave') : t('members.remove')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={leaving ? t('members.leaveTitle') : t('members.removeTitle')}
        confirmLabel={leaving ? t('members.leave') : t('members.remove')}
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      >
        <Text size="sm">
          {leaving
            ? t('members.leaveText', { name: org.name })
            : t('members.removeText', { email: removing?.email ?? '', name: org.name })}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

/** The member an add form sends, checked against the contract. */
export const memberForm = contractForm(AddMember, (values: AddMember) => ({
  email: values.email.trim(),
  role: values.role,
}));

/**
 * Adds a member by e-mail: the server invites the address (the same answer whether or not it has
 * an account), and the person joins once they accept; the invitation shows in the pending list.
 */
function AddMemberForm({ org }: { org: Organisation }) {
  const { t, i18n } = useTranslation(['dashboard', 'errors']);
  const queryClient = useQueryClient();
  const form = useForm<AddMember>({
    initialValues: { email: '', role: 'member' },
    validate: memberForm.validate,
  });
  const add = useMutation({
    mutationFn: (values: AddMember) =>
      addMember(org.slug, { ...memberForm.body(values), language: i18n.resolvedLanguage }),
    onSuccess: (invitation) => {
      notifySuccess(t('members.added', { email: invitation.email }));
      form.setFieldValue('email', '');
      return queryClient.invalidateQueries({ queryKey: accountQueries.invitations(org.slug).queryKey });
    },
    onError: (error) => {
      // Already a member (409) belongs to the e-mail field; the rest (an unverified sender, too
      // many invitations at once) to the notice.
      if (error instanceof ApiError && error.code === 409) form.setFieldError('email', serverMessage(error));
      else notifyFailure(t('members.addFailed'), error);
    },
  });
  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={form.onSubmit((values) => add.mutate(values))}>
        <Title order={2} size="h5" mb="xs">
          {t('members.addTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          {t('members.addIntro')}
        </Text>
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label={t('members.email')}
            type="email"
            {...form.getInputProps('email')}
            style={{ flex: '1 1 240px' }}
            data-testid="member-email"
          />
          <Select
            label={t('members.role')}
            data={assignableRoles(org.role).map((r) => ({ value: r, label: t(`roles.${r}`) }))}
            allowDeselect={false}
            {...form.getInputProps('role')}
            w={160}
          />
          <Button type="submit" mt={25} loading={add.isPending} data-testid="member-add">
            {t('members.add')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
