import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** A page not built yet: the translated "coming soon" state. */
const soon = (path: string, page: string): RouteObject => ({
  path,
  lazy: async () => {
    const { ComingSoonPage } = await import('../coming-soon/coming-soon-page.js');
    return { element: <ComingSoonPage page={page} /> };
  },
});

/** A built staff page, loaded when first visited. */
const page = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  lazy: async () => ({ Component: await load() }),
});

const PROVIDER_OBJECTS = ['transactions', 'customers', 'subscriptions', 'products', 'prices'];

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
      page('/admin/licences', async () => (await import('./licences/licences-page.js')).LicencesPage),
      page('/admin/:provider/events', async () => (await import('./events/events-page.js')).EventsPage),
      ...PROVIDER_OBJECTS.flatMap((section) => [
        soon(`/admin/:provider/${section}`, `payments.${section}`),
        soon(`/admin/:provider/${section}/:id`, `payments.${section}`),
      ]),
    ],
  },
];
      page('/admin/mail', async () => (await import('./mail/mail-page.js')).MailPage),
