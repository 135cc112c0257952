/** The staff area's sections, in the side navigation's order. */
export const ADMIN_SECTIONS = [
  { id: 'dashboard', path: () => '/admin' },
  { id: 'organizations', path: () => '/admin/organizations' },
  { id: 'users', path: () => '/admin/users' },
  { id: 'plans', path: () => '/admin/subscription-plans' },
  { id: 'docs', path: () => '/admin/docs' },
  { id: 'events', path: (provider: string) => `/admin/${encodeURIComponent(provider)}/events` },
  { id: 'licences', path: () => '/admin/licences' },
  { id: 'install', path: () => '/admin/install' },
  { id: 'payments', path: (provider: string) => `/admin/${encodeURIComponent(provider)}/transactions` },
  { id: 'settings', path: () => '/admin/settings' },
  { id: 'audit', path: () => '/admin/audit' },
  { id: 'mail', path: () => '/admin/mail' },
] as const satisfies readonly { id: string; path: (provider: string) => string }[];

export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]['id'];

const FIXED: Record<string, AdminSectionId> = {
  organizations: 'organizations',
  users: 'users',
  'subscription-plans': 'plans',
  docs: 'docs',
  settings: 'settings',
  audit: 'audit',
  licences: 'licences',
  install: 'install',
  mail: 'mail',
};

/** The section a path belongs to (its detail pages included); null outside the staff area. */
export function activeSection(pathname: string): AdminSectionId | null {
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (parts[0] !== 'admin') return null;
  if (parts.length === 1) return 'dashboard';
  const fixed = FIXED[parts[1] ?? ''];
  if (fixed) return fixed;
  // /admin/{provider}/events, and the provider's objects (transactions, customers, …).
  if (parts.length < 3) return null;
  return parts[2] === 'events' ? 'events' : 'payments';
}
