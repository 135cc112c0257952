import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.js';
import { notifyFailure, notifySuccess } from '../../../ui/notify.js';
import { ErrorState, ListSkeleton } from '../../../ui/states.js';
import { TableScroll } from '../parts.js';
import { useStaff } from '../use-staff.js';
import { adminLicenceKeys, adminLicenceQueries, rotateLicenceKeys } from './admin-licences-api.js';

/**
 * The licence signing keys (ids only): the one that signs new licences, the older ones still
 * published while licences they signed are in force; admins rotate them after a confirmation that
 * says what rotating does to installs.
 */
export function SigningKeysPanel() {
  const { t } = useTranslation('licences');
  const { writable } = useStaff();
  const client = useQueryClient();
  const keys = useQuery(adminLicenceQueries.keys());
  const [asking, setAsking] = useState(false);
  const rotate = useMutation({
    mutationFn: rotateLicenceKeys,
    onSuccess: async (result) => {
      setAsking(false);
      notifySuccess(t('keys.rotated', { count: result.retired.length }));
      await client.invalidateQueries({ queryKey: adminLicenceKeys.keys() });
    },
    onError: (error) => {
      setAsking(false);
      notifyFailure(t('keys.rotateFailed'), error);
    },
  });
  return (
    <Paper withBorder p="md" data-testid="licence-keys">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {t('keys.title')}
        </Title>
        {writable && (
          <Button
            variant="default"
            color="red"
            onClick={() => setAsking(true)}
            data-testid="licence-keys-rotate"
          >
            {t('keys.rotate')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('keys.intro')}
      </Text>
      {keys.isPending && <ListSkeleton rows={2} height={32} />}
      {keys.isError && (
        <ErrorState title={t('keys.loadFailed')} error={keys.error} onRetry={() => keys.refetch()} />
      )}
      {keys.data && (
        <TableScroll label={t('keys.title')}>
          <Table striped data-testid="licence-key-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('keys.kid')}</Table.Th>
                <Table.Th>{t('keys.role')}</Table.Th>
                <Table.Th>{t('keys.inForce')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.keys.map((key) => (
                <Table.Tr key={key.kid} data-testid="licence-key">
                  <Table.Td>
                    <Text ff="monospace" size="sm">
                      {key.kid}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={key.signing ? 'green' : 'gray'}>
                      {t(key.signing ? 'keys.signing' : 'keys.verifying')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{key.licences_in_force}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      <ConfirmDialog
        opened={asking}
        title={t('keys.rotateTitle')}
        confirmLabel={t('keys.rotate')}
        loading={rotate.isPending}
        onConfirm={() => rotate.mutate()}
        onCancel={() => setAsking(false)}
      >
        <Stack gap="xs">
          <Text size="sm">{t('keys.rotateBody')}</Text>
          <Text size="sm">{t('keys.rotateInstalls')}</Text>
        </Stack>
      </ConfirmDialog>
    </Paper>
  );
}
