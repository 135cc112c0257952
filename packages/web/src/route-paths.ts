/**
 * The console's path patterns, as data the build writes to `dist/route-paths.json`: the server
 * answers 404 for a path none of them matches (instead of the app's page with 200) and lists the
 * indexed ones in its sitemap. `test/route-paths.test.ts` keeps this table and the router in step.
 */
export interface RoutePaths {
  /** Public pages worth a search engine's visit; the documents' pages come from the server. */
  indexed: string[];
  /** Every other pattern the router serves (`:name` is one segment). */
  other: string[];
}

export const routePaths: RoutePaths = {
  indexed: [
    '/',
    '/playground',
    '/docs',
    '/stats',
    '/products',
    '/products/feature-matrix',
    '/articles',
    '/legal',
    '/contacts',
    '/sudoku',
  ],
  other: [
    '/login',
    '/authn-callback',
    '/documentation',
    '/docs/:docSlug',
    '/products/:planSlug',
    '/articles/:slug',
    '/legal/:slug',
    '/demo-elements',
    '/test-functionality',
    '/dashboard',
    '/dashboard/org/:orgSlug',
    '/dashboard/org/:orgSlug/series/:seriesSlug',
    '/account',
    '/account-deleted',
    '/invitations/:token',
    '/checkout',
    '/checkout/success',
    '/admin',
    '/admin/subscription-plans',
    '/admin/docs',
    '/admin/docs/:slug',
    '/admin/organizations',
    '/admin/organizations/:orgSlug',
    '/admin/users',
    '/admin/settings',
    '/admin/install',
    '/admin/audit',
    '/admin/mail',
    '/admin/licences',
    '/admin/:provider/events',
    ...['transactions', 'customers', 'subscriptions', 'products', 'prices'].flatMap((kind) => [
      `/admin/:provider/${kind}`,
      `/admin/:provider/${kind}/:id`,
    ]),
  ],
};
