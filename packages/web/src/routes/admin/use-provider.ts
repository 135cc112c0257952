import { useQuery } from '@tanstack/react-query';
import { adminKeys, getSettings } from '../../lib/admin-api.js';

/**
 * The payment provider the `{provider}` segment names: the one the server runs, from the public
 * settings (the local sandbox, the default, until they have loaded).
 */
export function useProvider(): string {
  const settings = useQuery({ queryKey: adminKeys.settings(), queryFn: ({ signal }) => getSettings(signal) });
  return settings.data?.payment_provider ?? 'local';
}
