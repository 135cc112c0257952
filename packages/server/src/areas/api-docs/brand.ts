// The docs UI as part of the product: its name, mark and colours instead of Swagger's.

/** The product's mark (the console's favicon). */
export const BRAND_MARK =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><title>Slugsmith</title><rect width="32" height="32" rx="7" fill="#3b5bdb"/><path d="M9 20c0 2 2 3 5 3h3c3 0 5-1.5 5-4s-2-3.5-5-4h-2c-2-.3-3-1-3-2s1-2 3-2h2c2 0 3 1 3 2" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/></svg>';

/** The top bar in the console's indigo, without Swagger's "explore another document" field. */
const THEME_CSS = `
.swagger-ui .topbar { background: #3b5bdb; padding: 8px 0; }
.swagger-ui .topbar .download-url-wrapper { display: none; }
.swagger-ui .topbar-wrapper img { height: 32px; }
.swagger-ui .topbar-wrapper a.link::after { content: "Slugsmith API"; color: #fff; font: 600 20px system-ui, sans-serif; margin-left: 10px; }
`;

export const docsTheme = {
  title: 'Slugsmith API reference',
  favicon: [
    {
      filename: 'favicon.svg',
      rel: 'icon',
      sizes: 'any',
      type: 'image/svg+xml',
      content: Buffer.from(BRAND_MARK),
    },
  ],
  css: [{ filename: 'slugsmith.css', content: THEME_CSS }],
};

export const docsLogo = {
  type: 'image/svg+xml',
  content: Buffer.from(BRAND_MARK),
  href: '/',
  target: '_self' as const,
};

/**
 * Swagger UI writes style elements at run time, which `style-src 'self'` blocks (a CSP error on
 * every load); styles run no script, so this page alone allows inline ones.
 */
export const withInlineStyles = (header: string) =>
  header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'");
