/**
 * The banner a start prints when it created the admin account: plain lines on the console, set
 * apart from the JSON logs, since its generated password is shown this once and nowhere else.
 */
export function adminBanner(admin: { email: string; password: string }, publicUrl: string): string {
  const rule = '='.repeat(72);
  return [
    '',
    rule,
    '  Slugsmith admin account, created now',
    '',
    `    sign in at  ${publicUrl}`,
    `    e-mail      ${admin.email}`,
    `    password    ${admin.password}`,
    '',
    '  The password is shown only this once: keep it. To change it, set ADMIN_PASSWORD',
    '  and restart; ADMIN_EMAIL names another admin account.',
    rule,
    '',
    '',
  ].join('\n');
}
