import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export const COOKIE_CONSENT_KEY = 'cookieConsent';

export function hasCookieConsent(): boolean {
  try {
    return localStorage.getItem(COOKIE_CONSENT_KEY) === 'accepted';
  } catch {
    return false;
  }
}

/**
 * Cookie consent before sign-in or sign-up: a first view (Accept and Continue / Learn More) and a
 * detail view (Accept and Continue / Back) (product spec §2.7, §4).
 */
export function CookieConsentDialog({
  opened,
  onAccepted,
  onClose,
}: {
  opened: boolean;
  onAccepted: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('components');
  const [details, setDetails] = useState(false);
  const accept = () => {
    try {
      localStorage.setItem(COOKIE_CONSENT_KEY, 'accepted');
    } catch {
      // ignore
    }
    onAccepted();
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={details ? t('cookies.detailTitle') : t('cookies.title')}
      centered
    >
      <Stack>
        {details ? (
          <>
            <Text size="sm">{t('cookies.detail1')}</Text>
            <Text size="sm">{t('cookies.detail2')}</Text>
            <Text size="sm">{t('cookies.detail3')}</Text>
          </>
        ) : (
          <Text size="sm">{t('cookies.message')}</Text>
        )}
        <Group justify="flex-end">
          {details ? (
            <Button variant="default" onClick={() => setDetails(false)}>
              {t('cookies.back')}
            </Button>
          ) : (
            <Button variant="default" onClick={() => setDetails(true)}>
              {t('cookies.learnMore')}
            </Button>
          )}
          <Button onClick={accept}>{t('cookies.accept')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
