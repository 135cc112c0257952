import type { AccountSession } from '@slugsmith/contract';

/** The device in plain words: "Firefox on Windows", else what is known of it. */
export function deviceName(
  session: Pick<AccountSession, 'browser' | 'os'>,
  t: (key: string, options?: Record<string, string>) => string,
): string {
  if (session.browser && session.os)
    return t('sessions.device', { browser: session.browser, os: session.os });
  return session.browser ?? session.os ?? t('sessions.unknownDevice');
}
