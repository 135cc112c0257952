/** Text made safe inside HTML content and quoted attributes (every server-made page and e-mail). */
export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A catalogue text with its `{name}` placeholders filled, text and values escaped for HTML. */
export function fill(text: string, values: Record<string, string | number> = {}): string {
  return escapeHtml(text).replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? escapeHtml(String(values[name])) : whole,
  );
}
