import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { BillingEvent } from '@slugsmith/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editEvent } from '../../../lib/admin-api.js';
import { notifyFailure } from '../../../ui/notify.js';
import { parsePayload } from './event-actions.js';

/** Staff correct an event's payload (say, an organisation that was recreated); it is processed again. */
export function EditEventDialog({
  provider,
  event,
  onClose,
  onSaved,
}: {
  provider: string;
  event: BillingEvent;
  onClose: () => void;
  onSaved: (event: BillingEvent) => void;
}) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState(JSON.stringify(event.payload, null, 2));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (payload: Record<string, unknown>) => editEvent(provider, event.id, payload),
    onSuccess: onSaved,
    onError: (e) => notifyFailure(t('events.actionFailed'), e),
  });
  return (
    <Modal opened onClose={onClose} title={t('events.editTitle', { id: event.event_id })} size="xl" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const payload = parsePayload(text);
          if (!payload) {
            setError(t('events.badPayload'));
            return;
          }
          setError(null);
          save.mutate(payload);
        }}
      >
        <Stack>
          <Text size="sm">{t('events.editHint')}</Text>
          <Textarea
            label={t('events.payload')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={12}
            maxRows={30}
            error={error}
            spellCheck={false}
            classNames={{ input: 'mono-input' }}
            styles={{ input: { fontSize: 12 } }}
            data-testid="event-payload"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="event-edit-save">
              {t('events.saveAndProcess')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
