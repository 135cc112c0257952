import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { retryAfterSeconds } from '../throttle.js';
import { isThrottled } from './account-security.js';
import { localeOf, mountPath, type PageKit, type Uid } from './page-kit.js';
import { type PageError, signInPage, signUpPage } from './pages.js';
import { builtinIssuerKey, setUserLanguage } from './users.js';

export const SignInForm = z.object({ email: z.string().trim().max(254), password: z.string().max(1024) });

/** The sign-in attempt's first page (sign-in, or sign-up for the console's Get started) and the sign-in form. */
export function signInRoutes(pages: FastifyInstance, kit: PageKit) {
  pages.get<Uid>(`${mountPath}/interaction/:uid`, async (request, reply) => {
    const details = await kit.interaction(request, reply);
    if (!details || details.uid !== request.params.uid) return kit.expired(request, reply);
    const locale = localeOf(request, kit.uiLocalesOf(details));
    // Already signed in (a session exists): only the grant is missing, give it.
    if (details.prompt.name === 'consent' && details.session?.accountId) {
      if (await kit.signInRefused?.(builtinIssuerKey, details.session.accountId)) {
        return kit.html(
          reply,
          403,
          signInPage({ uid: details.uid, locale, error: { kind: 'sign-in-disabled' } }),
        );
      }
      return kit.finish(request, reply, details.session.accountId);
    }
    // screen_hint=signup opens the sign-up page first, unless the person asked for sign-in
    // (`signInPath`: the sign-up page's link, the answer to a sign-up).
    const signUpFirst =
      (details.params as { screen_hint?: string }).screen_hint === 'signup' &&
      (request.query as { screen?: unknown }).screen !== 'sign-in';
    return kit.html(
      reply,
      200,
      signUpFirst ? signUpPage({ uid: details.uid, locale }) : signInPage({ uid: details.uid, locale }),
    );
  });

  pages.post<Uid>(`${mountPath}/interaction/:uid/sign-in`, async (request, reply) => {
    const details = await kit.interaction(request, reply);
    if (!details || details.uid !== request.params.uid) return kit.expired(request, reply);
    const locale = localeOf(request, kit.uiLocalesOf(details));
    const form = SignInForm.safeParse(request.body);
    const email = form.success ? form.data.email : '';
    const page = (error: PageError) => signInPage({ uid: details.uid, locale, email, error });
    const user = form.success
      ? await kit.security.signIn(form.data.email, form.data.password, request.ip)
      : 'invalid';
    if (isThrottled(user)) {
      return kit.throttled(
        reply,
        user.throttled,
        page({ kind: 'throttled', retryAfterSeconds: retryAfterSeconds(user.throttled) }),
      );
    }
    if (user === 'invalid') return kit.html(reply, 401, page({ kind: 'invalid-credentials' }));
    if (await kit.signInRefused?.(builtinIssuerKey, user.id)) {
      return kit.html(reply, 403, page({ kind: 'sign-in-disabled' }));
    }
    // The account's e-mail follows the language it last signed in with (the console's).
    if (user.language !== locale) await setUserLanguage(kit.db, user.id, locale);
    return kit.finish(request, reply, user.id);
  });
}
