/**
 * Parts of our links that act as credentials: the `token` of reset, verification and payment
 * links, and the token in an invitation's path — also percent-encoded, as a sign-in's
 * `returnTo=%2Finvitations%2F…` carries it. Whoever reads one can use it, so logs and readers
 * other than the recipient see a mask instead.
 */
const SECRET_PARTS = [
  /((?:[?&]|&amp;)token=)[^&\s"'<>]+/g,
  /(\/invitations\/)[A-Za-z0-9_-]+/g,
  /(%2Finvitations%2F)[A-Za-z0-9_-]+/gi,
];

/** Shown in place of a secret; no words, so it reads the same in every language. */
export const MASK = '••••••';

/** The text with every link secret masked. */
export function maskLinkSecrets(text: string): string {
  return SECRET_PARTS.reduce((out, pattern) => out.replace(pattern, `$1${MASK}`), text);
}
