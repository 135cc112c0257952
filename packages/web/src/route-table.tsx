import { Navigate, type RouteObject } from 'react-router';
import { AccessGuard } from './auth/access-guard.js';
import { ErrorBoundaryPage } from './components/error-boundary.js';
import { PageLoader, RootShell } from './components/root-shell.js';
import { RouteErrorFallback } from './components/route-error-fallback.js';
import { adminRoutes } from './routes/admin/admin-routes.js';
import { prefetchDocument } from './routes/docs/prefetch-document.js';
import { LanguagePrefix } from './routes/language-prefix.js';

/** A page's own translation namespaces, loaded with its code (lib/lazy-routes.ts, withNamespaces). */
const texts = (...namespaces: string[]) => ({ namespaces });

/** Routes whose render failures show the route error fallback (product spec §2.6). */
const withFallback = (name: string) => ({ errorElement: <RouteErrorFallback route={name} /> });

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <ErrorBoundaryPage />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        path: '/login',
        lazy: async () => ({ Component: (await import('./routes/login/login-page.js')).LoginPage }),
      },
      {
        path: '/authn-callback',
        lazy: async () => ({
          Component: (await import('./routes/authn-callback/callback-page.js')).CallbackPage,
        }),
      },
      {
        // Public pages: authentication optional, then agreement check, layout, suspense.
        element: <AccessGuard />,
        children: [
          {
            path: '/',
            handle: texts('landing'),
            lazy: async () => ({ Component: (await import('./routes/landing/landing-page.js')).LandingPage }),
          },
          {
            path: '/playground',
            handle: texts('playground'),
            ...withFallback('playground'),
            lazy: async () => ({
              Component: (await import('./routes/playground/playground-page.js')).PlaygroundPage,
            }),
          },
          { path: '/documentation', element: <Navigate to="/docs" replace /> },
          {
            path: '/docs',
            handle: texts('docs'),
            lazy: async () => ({ Component: (await import('./routes/docs/list-pages.js')).DocsListPage }),
          },
          {
            path: '/docs/:docSlug',
            loader: prefetchDocument('docSlug'),
            handle: texts('docs'),
            lazy: async () => ({ Component: (await import('./routes/docs/docs-pages.js')).DocPage }),
          },
          {
            path: '/stats',
            ...withFallback('stats'),
            lazy: async () => ({ Component: (await import('./routes/stats/stats-page.js')).StatsPage }),
          },
          {
            path: '/products',
            handle: texts('products'),
            lazy: async () => ({
              Component: (await import('./routes/products/products-page.js')).ProductsPage,
            }),
          },
          {
            path: '/account-deleted',
            lazy: async () => ({
              Component: (await import('./routes/account-deleted/account-deleted-page.js'))
                .AccountDeletedPage,
            }),
          },
          {
            // Public: a visitor without an account sees whom the invitation is from and signs up.
            path: '/invitations/:token',
            lazy: async () => ({
              Component: (await import('./routes/invitations/invitation-page.js')).InvitationPage,
            }),
          },
          {
            path: '/products/feature-matrix',
            lazy: async () => ({
              Component: (await import('./routes/products/feature-matrix-page.js')).FeatureMatrixPage,
            }),
          },
          {
            path: '/products/:planSlug',
            lazy: async () => ({
              Component: (await import('./routes/products/plan-page.js')).PlanPage,
            }),
          },
          {
            path: '/articles',
            handle: texts('docs'),
            lazy: async () => ({
              Component: (await import('./routes/docs/list-pages.js')).ArticlesListPage,
            }),
          },
          {
            path: '/articles/:slug',
            loader: prefetchDocument('slug'),
            handle: texts('docs'),
            lazy: async () => ({
              Component: (await import('./routes/articles/articles-pages.js')).ArticlePage,
            }),
          },
          {
            path: '/legal',
            handle: texts('docs'),
            lazy: async () => ({ Component: (await import('./routes/docs/list-pages.js')).LegalListPage }),
          },
          {
            path: '/legal/:slug',
            loader: prefetchDocument('slug'),
            handle: texts('docs'),
            lazy: async () => ({
              Component: (await import('./routes/legal/legal-pages.js')).LegalDocumentPage,
            }),
          },
          {
            path: '/contacts',
            handle: texts('docs'),
            lazy: async () => ({
              Component: (await import('./routes/contacts/contacts-page.js')).ContactsPage,
            }),
          },
          {
            path: '/demo-elements',
            lazy: async () => ({
              Component: (await import('./routes/demo-elements/demo-elements-page.js')).DemoElementsPage,
            }),
          },
          {
            path: '/test-functionality',
            lazy: async () => ({
              Component: (await import('./routes/test-functionality/test-functionality-page.js'))
                .TestFunctionalityPage,
            }),
          },
          {
            path: '/sudoku',
            ...withFallback('sudoku'),
            lazy: async () => ({ Component: (await import('./routes/sudoku/sudoku-page.js')).SudokuPage }),
          },
          {
            path: '/404',
            lazy: async () => ({
              Component: (await import('./routes/not-found/not-found-page.js')).NotFoundPage,
            }),
          },
        ],
      },
      {
        // Signed-in pages: sign-in required.
        element: <AccessGuard requireAuth />,
        children: [
          {
            path: '/dashboard',
            ...withFallback('dashboard'),
            lazy: async () => ({
              Component: (await import('./routes/dashboard/dashboard-page.js')).DashboardPage,
            }),
          },
          {
            path: '/dashboard/org/:orgSlug',
            ...withFallback('orgDashboard'),
            lazy: async () => ({
              Component: (await import('./routes/dashboard/org/org-page.js')).OrgDashboardPage,
            }),
          },
          {
            path: '/dashboard/org/:orgSlug/series/:seriesSlug',
            ...withFallback('seriesDashboard'),
            lazy: async () => ({
              Component: (await import('./routes/series/series-page.js')).SeriesDashboardPage,
            }),
          },
          {
            path: '/account',
            lazy: async () => ({ Component: (await import('./routes/account/account-page.js')).AccountPage }),
          },
          {
            path: '/checkout',
            ...withFallback('checkout'),
            lazy: async () => ({
              Component: (await import('./routes/checkout/checkout-page.js')).CheckoutPage,
            }),
          },
          {
            path: '/checkout/success',
            ...withFallback('checkoutSuccess'),
            lazy: async () => ({
              Component: (await import('./routes/checkout/checkout-success-page.js')).CheckoutSuccessPage,
            }),
          },
        ],
      },
      {
        // Admin pages: sign-in and an account with permissions.
        element: <AccessGuard requireAuth requireAdmin />,
        children: [...adminRoutes],
      },
      // Language prefix first, then /404 for anything else (product spec §2.4).
      { path: '*', element: <LanguagePrefix /> },
    ],
  },
];
