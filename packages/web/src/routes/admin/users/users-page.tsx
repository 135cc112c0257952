import { Anchor, Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import type { AdminUser, StaffLevel, UpdateAdminUser } from '@slugsmith/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccount } from '../../../auth/account.js';
import { adminKeys, adminQueries, updateAdminUser } from '../../../lib/admin-api.js';
import { formatDate } from '../../../ui/format.js';
import { notifyFailure, notifySuccess } from '../../../ui/notify.js';
import { ErrorState, ListSkeleton } from '../../../ui/states.js';
import { Pager } from '../pager.js';
import { AdminHeader, ReadOnlyNote, StateBadge, TableScroll } from '../parts.js';
import { SearchBox } from '../search-box.js';
import { useListParams } from '../use-list-params.js';
import { useStaff } from '../use-staff.js';

const PAGE_SIZE = 25;

/** /admin/users: find people by e-mail, see their organisations, disable sign-in, grant or revoke staff levels. */
export function UsersPage() {
  const { t } = useTranslation('admin');
  const list = useListParams();
  const staff = list.get('staff') as StaffLevel | undefined;
  const query = { offset: (list.page - 1) * PAGE_SIZE, limit: PAGE_SIZE, q: list.get('q'), staff };
  const users = useQuery({
    ...adminQueries.users(query),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <AdminHeader title={t('users.title')} intro={t('users.intro')} />
      <ReadOnlyNote />
      <Group gap="sm" mb="md" align="flex-end">
        <SearchBox
          label={t('users.search')}
          placeholder={t('users.searchPlaceholder')}
          value={list.get('q') ?? ''}
          onSearch={(q) => list.set('q', q, true)}
          testId="user-search"
        />
        <Select
          label={t('users.filterStaff')}
          data={[
            { value: 'admin', label: t('levels.admin') },
            { value: 'support', label: t('levels.support') },
          ]}
          value={staff ?? null}
          onChange={(v) => list.set('staff', v)}
          placeholder={t('filters.any')}
          clearable
          w={{ base: '100%', sm: 200 }}
          data-testid="user-filter-staff"
        />
      </Group>
      {users.isPending && <ListSkeleton rows={6} />}
      {users.isError && (
        <ErrorState title={t('users.loadFailed')} error={users.error} onRetry={() => users.refetch()} />
      )}
      {users.data && users.data.items.length === 0 && (
        <Text data-testid="users-empty">{t('users.empty')}</Text>
      )}
      {users.data && users.data.items.length > 0 && (
        <Stack gap="sm">
          <TableScroll label={t('users.title')}>
            <Table striped verticalSpacing="xs" data-testid="users-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('users.fields.email')}</Table.Th>
                  <Table.Th>{t('users.fields.organisations')}</Table.Th>
                  <Table.Th>{t('users.fields.staff')}</Table.Th>
                  <Table.Th>{t('users.fields.signIn')}</Table.Th>
                  <Table.Th>{t('users.fields.created')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.data.items.map((user) => (
                  <UserRow key={user.id} user={user} />
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          <Pager
            total={users.data.total}
            limit={PAGE_SIZE}
            page={list.page}
            onPage={(p) => list.set('page', String(p))}
          />
        </Stack>
      )}
    </>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation('admin');
  const { writable } = useStaff();
  const { account } = useAccount();
  const client = useQueryClient();
  const self = account?.slug === user.slug;
  const change = useMutation({
    mutationFn: (body: UpdateAdminUser) => updateAdminUser(user.id, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: adminKeys.users() });
      notifySuccess(t('users.saved', { email: user.email }));
    },
    onError: (error) => notifyFailure(t('users.saveFailed'), error),
  });
  return (
    <Table.Tr data-testid={`user-row-${user.slug}`}>
      <Table.Td>
        <Text size="sm">{user.email}</Text>
        <Text size="xs" c="dimmed">
          {user.slug}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {user.organisations.map((org) => (
            <Anchor
              key={org.slug}
              component={Link}
              to={`/admin/organizations/${encodeURIComponent(org.slug)}`}
              size="sm"
            >
              {org.name} ({t(`roles.${org.role}`)})
            </Anchor>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        {writable && !self ? (
          <Select
            aria-label={t('users.staffFor', { email: user.email })}
            data={[
              { value: 'none', label: t('levels.none') },
              { value: 'support', label: t('levels.support') },
              { value: 'admin', label: t('levels.admin') },
            ]}
            value={user.staff ?? 'none'}
            onChange={(v) => v && change.mutate({ staff: v === 'none' ? null : (v as StaffLevel) })}
            allowDeselect={false}
            disabled={change.isPending}
            w={150}
            size="xs"
            data-testid={`user-staff-${user.slug}`}
          />
        ) : user.staff ? (
          <Badge variant="default">{t(`levels.${user.staff}`)}</Badge>
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <StateBadge state={user.sign_in_disabled ? 'disabled' : 'active'} />
          {writable && !self && (
            <Button
              size="compact-xs"
              variant="default"
              loading={change.isPending}
              onClick={() => change.mutate({ sign_in_disabled: !user.sign_in_disabled })}
              aria-label={`${user.sign_in_disabled ? t('users.enable') : t('users.disable')}: ${user.email}`}
              data-testid={`user-sign-in-${user.slug}`}
            >
              {user.sign_in_disabled ? t('users.enable') : t('users.disable')}
            </Button>
          )}
        </Group>
      </Table.Td>
      <Table.Td>{formatDate(user.created_at, i18n.language)}</Table.Td>
    </Table.Tr>
  );
}
