import type { ProviderObjectKind } from '@slugsmith/contract';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** A built staff page, loaded when first visited. */
const page = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  lazy: async () => ({ Component: await load() }),
});

/** The contract's ProviderObjectKind, spelled here: the shell's router loads no schema library. */
const PROVIDER_KINDS = [
  'transactions',
  'customers',
  'subscriptions',
  'products',
  'prices',
] as const satisfies readonly ProviderObjectKind[];

/** The payment provider's objects of one kind: the list and one object's page. */
const providerObjects = (kind: ProviderObjectKind): RouteObject[] => [
  {
    path: `/admin/:provider/${kind}`,
    lazy: async () => {
      const { ProviderObjectsPage } = await import('./payments/provider-objects-page.js');
      return { element: <ProviderObjectsPage kind={kind} /> };
    },
  },
  {
    path: `/admin/:provider/${kind}/:id`,
    lazy: async () => {
      const { ProviderObjectPage } = await import('./payments/provider-object-page.js');
      return { element: <ProviderObjectPage kind={kind} /> };
    },
  },
];

/** The staff area (product spec §2.3) inside its layout; the access guard above checks staff. */
export const adminRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./admin-layout.js')).AdminLayout }),
    children: [
      page('/admin', async () => (await import('./dashboard-page.js')).AdminDashboardPage),
      page('/admin/subscription-plans', async () => (await import('./plans/plans-page.js')).PlansPage),
      page('/admin/docs', async () => (await import('./docs/docs-page.js')).AdminDocsPage),
      page('/admin/docs/:slug', async () => (await import('./docs/edit-document-page.js')).EditDocumentPage),
      page('/admin/organizations', async () => (await import('./orgs/orgs-page.js')).OrgsPage),
      page('/admin/organizations/:orgSlug', async () => (await import('./orgs/org-page.js')).OrgPage),
      page('/admin/users', async () => (await import('./users/users-page.js')).UsersPage),
      page('/admin/settings', async () => (await import('./settings-page.js')).SettingsPage),
      page('/admin/install', async () => (await import('./install/install-page.js')).InstallPage),
      page('/admin/audit', async () => (await import('./audit-page.js')).AuditPage),
      page('/admin/mail', async () => (await import('./mail/mail-page.js')).MailPage),
      page('/admin/licences', async () => (await import('./licences/licences-page.js')).LicencesPage),
      page('/admin/:provider/events', async () => (await import('./events/events-page.js')).EventsPage),
      ...PROVIDER_KINDS.flatMap(providerObjects),
    ],
  },
];
