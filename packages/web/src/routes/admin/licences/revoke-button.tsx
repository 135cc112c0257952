import { Button } from '@mantine/core';
import type { AdminLicence } from '@slugsmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.js';
import { notifyFailure, notifySuccess } from '../../../ui/notify.js';
import { adminLicenceKeys, revokeLicence } from './admin-licences-api.js';

/** Revokes a licence after a confirmation that says what revoking does and does not do. */
export function RevokeLicenceButton({ licence }: { licence: AdminLicence }) {
  const { t } = useTranslation('licences');
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const revoke = useMutation({
    mutationFn: () => revokeLicence(licence.id),
    onSuccess: async () => {
      setAsking(false);
      notifySuccess(t('admin.revoked'));
      await client.invalidateQueries({ queryKey: adminLicenceKeys.all() });
    },
    onError: (error) => {
      setAsking(false);
      notifyFailure(t('admin.revokeFailed'), error);
    },
  });
  if (licence.status === 'revoked') return null;
  return (
    <>
      <Button
        size="compact-sm"
        variant="default"
        color="red"
        onClick={() => setAsking(true)}
        aria-label={t('admin.revokeNamed', { org: licence.org_name, id: licence.id.slice(0, 8) })}
        data-testid="licence-revoke"
      >
        {t('admin.revoke')}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={t('admin.revokeTitle')}
        confirmLabel={t('admin.revoke')}
        loading={revoke.isPending}
        onConfirm={() => revoke.mutate()}
        onCancel={() => setAsking(false)}
      >
        {t('admin.revokeBody')}
      </ConfirmDialog>
    </>
  );
}
