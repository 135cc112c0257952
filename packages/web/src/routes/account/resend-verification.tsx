import { Button, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { refusalDetail, refusalReason } from '../../lib/api.js';
import { notifyFailure } from '../../ui/notify.js';
import { resendVerification } from './account-api.js';

/** "Resend the link": sent, or throttled with the minutes to wait. */
export function ResendVerification() {
  const { t } = useTranslation('account');
  const resend = useMutation({
    mutationFn: resendVerification,
    onError: (error) => {
      if (refusalReason(error) !== 'throttled') notifyFailure(t('verify.failed'), error);
    },
  });
  const wait = refusalDetail<number>(resend.error, 'retry_after');
  return (
    <div>
      <Button size="xs" variant="light" loading={resend.isPending} onClick={() => resend.mutate()}>
        {t('verify.resend')}
      </Button>
      {resend.isSuccess && (
        <Text size="sm" role="status" mt={4}>
          {t('verify.sent')}
        </Text>
      )}
      {wait !== undefined && (
        <Text size="sm" role="alert" c="red" mt={4}>
          {t('verify.throttled', { minutes: Math.max(1, Math.ceil(wait / 60)) })}
        </Text>
      )}
    </div>
  );
}
