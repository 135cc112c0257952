import { useQuery } from '@tanstack/react-query';
import { instanceSettingsQuery } from '../../lib/instance-settings.js';

/**
 * The payment provider the `{provider}` segment names: the one the server runs, from the public
 * settings (the local sandbox, the default, until they have loaded).
 */
export function useProvider(): string {
  const settings = useQuery(instanceSettingsQuery());
  return settings.data?.payment_provider ?? 'local';
}
