import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstanceSettings } from '../../lib/instance-settings.js';

export const DEV_WARNING_KEY = 'dev-warning-dismissed';

function dismissed(): boolean {
  try {
    return localStorage.getItem(DEV_WARNING_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * The one-time development-environment warning: 1 s after load unless dismissed (product spec §4),
 * on an instance whose settings switch it on (DEV_INSTANCE_WARNING, or staff in /admin/settings).
 */
export function DevWarning() {
  const { t } = useTranslation('components');
  const [opened, setOpened] = useState(false);
  const enabled = useInstanceSettings()?.dev_warning === true;
  useEffect(() => {
    if (!enabled || dismissed()) return;
    const timer = setTimeout(() => {
      if (!dismissed()) setOpened(true);
    }, 1000);
    return () => clearTimeout(timer);
  }, [enabled]);
  const dismiss = () => {
    try {
      localStorage.setItem(DEV_WARNING_KEY, 'true');
    } catch {
      // ignore
    }
    setOpened(false);
  };
  return (
    <Modal opened={opened} onClose={dismiss} title={t('devWarning.title')} centered>
      <Text size="sm">{t('devWarning.message')}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={dismiss}>{t('devWarning.ok')}</Button>
      </Group>
    </Modal>
  );
}
