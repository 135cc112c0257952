import { notifications } from '@mantine/notifications';
import i18n from 'i18next';
import { errorDetail } from './states.js';

/** The close button of a note needs a name (axe button-name). */
const closeButton = () => ({ 'aria-label': i18n.t('components:dialog.closeNotification') });

/** A short success note after a change. */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message, autoClose: 4000, closeButtonProps: closeButton() });
}

/** A failed change: the translated headline (§8) and the server's message. */
export function notifyFailure(title: string, error: unknown): void {
  notifications.show({
    color: 'red',
    title,
    message: errorDetail(error) ?? title,
    autoClose: 8000,
    closeButtonProps: closeButton(),
  });
}
