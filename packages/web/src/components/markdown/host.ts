/**
 * The documents write the product's address as `https://slugsmith.example`; readers should see
 * the address of the server they are reading (product spec §2.9).
 */
const PRODUCT_HOST = /\bhttps?:\/\/slugsmith\.example\b(?![.-])/g;

/** The configured public address: `VITE_PUBLIC_URL` of the build, else the page's own origin. */
export function configuredHost(): string {
  const configured = (import.meta.env.VITE_PUBLIC_URL as string | undefined)?.trim();
  return (configured || window.location.origin).replace(/\/+$/, '');
}

/** Replaces every `http(s)://slugsmith.example` with `host` (contact e-mail addresses stay). */
export function replaceProductHost(text: string, host: string): string {
  const target = host.replace(/\/+$/, '');
  // A function, so that `$` in the host is never read as a replacement pattern.
  return text.replace(PRODUCT_HOST, () => target);
}
