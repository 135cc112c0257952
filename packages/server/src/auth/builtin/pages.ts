/** The built-in provider's sign-in and sign-up pages: plain HTML forms, no scripts. */

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/**
 * No scripts, no outside resources. `form-action` is left out on purpose: after the form posts,
 * the provider redirects to the web console's callback, which browsers check against it.
 */
export const pageSecurityPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

const style = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; min-height: 100vh; display: grid; place-items: center;
         background: #f4f5f7; color: #1d2129; }
  @media (prefers-color-scheme: dark) { body { background: #15171b; color: #e8e9ec; } main { background: #1f2228; } }
  main { background: #fff; padding: 2rem; border-radius: 12px; width: min(22rem, 90vw); box-shadow: 0 2px 12px #0002; }
  h1 { font-size: 1.4rem; margin: 0 0 1rem; }
  label { display: block; margin: .75rem 0 .25rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .55rem; font: inherit; border: 1px solid #8a8f98; border-radius: 6px; }
  button { margin-top: 1.25rem; width: 100%; padding: .6rem; font: inherit; font-weight: 600; border: 0;
           border-radius: 6px; background: #2f5bd3; color: #fff; cursor: pointer; }
  .error { color: #b3261e; background: #fdecea; padding: .5rem .75rem; border-radius: 6px; }
  p.alt { margin-top: 1.25rem; text-align: center; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - Slugsmith</title><style>${style}</style></head>
<body><main>${body}</main></body></html>`;
}

export interface FormState {
  uid: string;
  email?: string;
  error?: string;
}

export function signInPage({ uid, email = '', error }: FormState): string {
  return layout(
    'Sign in',
    `<h1>Sign in to Slugsmith</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/oidc/interaction/${escapeHtml(uid)}/sign-in">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}" autofocus>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <button type="submit">Sign in</button>
</form>
<p class="alt">New here? <a href="/oidc/interaction/${escapeHtml(uid)}/sign-up">Create an account</a></p>`,
  );
}

export function signUpPage({ uid, email = '', error }: FormState): string {
  return layout(
    'Create an account',
    `<h1>Create your Slugsmith account</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/oidc/interaction/${escapeHtml(uid)}/sign-up">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}" autofocus>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="new-password" minlength="8" required>
  <label for="confirm">Repeat password</label>
  <input id="confirm" name="confirm" type="password" autocomplete="new-password" minlength="8" required>
  <button type="submit">Create account</button>
</form>
<p class="alt">Have an account? <a href="/oidc/interaction/${escapeHtml(uid)}">Sign in</a></p>`,
  );
}

export function messagePage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}

/** Sign-out confirmation; `form` is the provider's hidden form (id `op.logoutForm`, with its token). */
export function signOutPage(form: string): string {
  return layout(
    'Sign out',
    `<h1>Sign out of Slugsmith?</h1>
${form}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Sign out</button>
<p class="alt"><button type="submit" form="op.logoutForm" style="background:none;color:inherit;text-decoration:underline;margin:0;width:auto">Stay signed in</button></p>`,
  );
}
