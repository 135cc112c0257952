import { notifications } from '@mantine/notifications';
import { errorDetail } from './states.js';

/** A short success note after a change. */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message, autoClose: 4000 });
}

/** A failed change: the translated headline (§8) and the server's message. */
export function notifyFailure(title: string, error: unknown): void {
  notifications.show({ color: 'red', title, message: errorDetail(error) ?? title, autoClose: 8000 });
}
