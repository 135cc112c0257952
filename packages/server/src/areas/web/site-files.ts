import { SUPPORTED_LANGUAGES } from '@slugsmith/contract';

/** Console paths no crawler should visit: signed-in pages, sign-in, checkout and the API. */
const PRIVATE_PREFIXES = [
  '/api/',
  '/oidc/',
  '/dashboard',
  '/account',
  '/admin',
  '/checkout',
  '/invitations/',
  '/login',
  '/authn-callback',
];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', publicUrl).href}`,
    '',
  ].join('\n');
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

export interface SitemapPage {
  path: string;
  updatedAt?: Date;
}

/**
 * A sitemap of the public pages, each with its 11 languages as alternates: a page's language is
 * `?lng=<code>` (the console's language detector reads it first), the plain URL the default.
 */
export function sitemapXml(publicUrl: string, pages: readonly SitemapPage[]): string {
  const urls = pages.map(({ path, updatedAt }) => {
    const href = new URL(path, publicUrl).href;
    const alternates = SUPPORTED_LANGUAGES.map(
      ({ code }) =>
        `    <xhtml:link rel="alternate" hreflang="${code}" href="${escapeXml(`${href}?lng=${code}`)}"/>`,
    );
    return [
      '  <url>',
      `    <loc>${escapeXml(href)}</loc>`,
      ...(updatedAt ? [`    <lastmod>${updatedAt.toISOString().slice(0, 10)}</lastmod>`] : []),
      ...alternates,
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(href)}"/>`,
      '  </url>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
