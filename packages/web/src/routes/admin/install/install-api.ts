// How this server runs (service or on-premise install), loaded with the install page only.
import type { InstallStatus } from '@slugsmith/contract';
import { api } from '../../../lib/api.js';

export const installKeys = { status: () => ['admin', 'install'] as const };

export function getInstallStatus(signal?: AbortSignal): Promise<InstallStatus> {
  return api<InstallStatus>('/admin/install', { auth: 'required', signal });
}
