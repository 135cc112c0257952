/**
 * Text that people chose (an organisation's name, an address) shown in an e-mail as data: quoted,
 * and never a link. Mail clients turn URLs, domains and addresses in a message into links, even
 * in plain text, so a name reading "restore it at https://evil.example" would arrive as a
 * clickable link from us. A zero-width space after each ':', '/', '.' and '@' leaves the name
 * looking the same while no linkifier finds a scheme, a domain or an address in it.
 */

const ZERO_WIDTH_SPACE = '\u200B';
/** Direction overrides and isolates: they could make a name read as something else. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** `text` with nothing a mail client would make a link of, and no direction overrides. */
export function unlinkable(text: string): string {
  return text.replace(BIDI_CONTROLS, '').replace(/[:/.@]/g, (c) => c + ZERO_WIDTH_SPACE);
}

/** Each interface language's quotation marks. */
const QUOTES: Record<string, readonly [string, string]> = {
  'en-GB': ['‘', '’'],
  'en-US': ['“', '”'],
  'de-DE': ['„', '“'],
  'fr-FR': ['«\u00A0', '\u00A0»'],
  'es-ES': ['«', '»'],
  'ru-RU': ['«', '»'],
  'ja-JP': ['「', '」'],
  'zh-CN': ['“', '”'],
  'ko-KR': ['‘', '’'],
  'sr-Cyrl': ['„', '“'],
  'sr-Latn': ['„', '“'],
};

/** A chosen name as data in `language`: in that language's quotation marks, never a link. */
export function quotedName(language: string, name: string): string {
  const [open, close] = QUOTES[language] ?? QUOTES['en-GB'] ?? ['"', '"'];
  return `${open}${unlinkable(name)}${close}`;
}
