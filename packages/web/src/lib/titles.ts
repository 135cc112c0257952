export const BRAND = 'Slugsmith';

/** What a path's title is made of: a page key (navigation namespace, `titles.*`) and the admin marker. */
export interface TitleParts {
  page: string | null;
  admin: boolean;
}

const EXACT: Record<string, string> = {
  '/': 'landing',
  '/playground': 'playground',
  '/docs': 'docs',
  '/dashboard': 'dashboard',
  '/stats': 'stats',
  '/products': 'products',
  '/products/feature-matrix': 'featureMatrix',
  '/checkout': 'checkout',
  '/checkout/success': 'checkoutSuccess',
  '/articles': 'articles',
  '/legal': 'legal',
  '/contacts': 'contacts',
  '/login': 'login',
  '/404': 'notFound',
  '/demo-elements': 'demoElements',
  '/test-functionality': 'testFunctionality',
  '/sudoku': 'sudoku',
};

const ADMIN_EXACT: Record<string, string> = {
  '/admin': 'adminDashboard',
  '/admin/docs': 'adminDocs',
  '/admin/subscription-plans': 'subscriptionPlans',
  '/admin/organizations': 'organizations',
  '/admin/users': 'users',
  '/admin/settings': 'settings',
  '/admin/audit': 'audit',
  '/admin/licences': 'licences',
};

/** The page-title rule of product spec §2.5, without translation. */
export function titleParts(pathname: string): TitleParts {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/admin' || path.startsWith('/admin/')) {
    if (ADMIN_EXACT[path]) return { page: ADMIN_EXACT[path], admin: true };
    if (path.startsWith('/admin/docs/')) return { page: 'editDocument', admin: true };
    if (path.startsWith('/admin/organizations/')) return { page: 'organization', admin: true };
    const provider = path.split('/')[3];
    const known = ['events', 'transactions', 'customers', 'subscriptions', 'products', 'prices'];
    if (provider && known.includes(provider)) return { page: `payments.${provider}`, admin: true };
    return { page: null, admin: true };
  }
  if (EXACT[path]) return { page: EXACT[path], admin: false };
  if (path.startsWith('/dashboard/org/'))
    return { page: path.includes('/series/') ? 'seriesDashboard' : 'orgDashboard', admin: false };
  if (path.startsWith('/docs/')) return { page: 'docs', admin: false };
  if (path.startsWith('/articles/')) return { page: 'doc', admin: false };
  if (path.startsWith('/products/')) return { page: 'plan', admin: false };
  if (path.startsWith('/legal/')) return { page: 'legal', admin: false };
  return { page: null, admin: false };
}

/** '{Page} - {brand}', 'Page - Admin - brand' for admin pages, the brand alone otherwise. */
export function formatTitle(parts: TitleParts, translate: (key: string) => string, brand = BRAND): string {
  const segments: string[] = [];
  if (parts.page) segments.push(translate(parts.page));
  if (parts.admin) segments.push(translate('admin'));
  segments.push(brand);
  return segments.join(' - ');
}

/** Sets the page's description (the server wrote the first one into index.html for crawlers). */
export function setPageDescription(description: string): void {
  document.querySelector('meta[name="description"]')?.setAttribute('content', description);
}

/**
 * Each titled page's title key, for the server's rendering of a page's head (`dist/route-paths.json`):
 * the same keys as the console's own titles, so both show one title.
 */
export function titleKeys(paths: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    paths.flatMap((path) => {
      const { page, admin } = titleParts(path);
      return page && !admin ? [[path, page]] : [];
    }),
  );
}
