import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { retryAfterSeconds } from '../throttle.js';
import { isThrottled, verifyLinkHours } from './account-security.js';
import { EmailAddress, localeOf, mountPath, type PageKit, passwordError, type Uid } from './page-kit.js';
import { type PageError, signInPath, signUpConfirmPage, signUpPage } from './pages.js';
import { judgePassword } from './password-policy.js';
import { SignInForm } from './sign-in-routes.js';
import { signUp } from './users.js';

const SignUpForm = SignInForm.extend({ confirm: z.string().max(1024) });

/** The sign-up page and its form. */
export function signUpRoutes(pages: FastifyInstance, kit: PageKit) {
  pages.get<Uid>(`${mountPath}/interaction/:uid/sign-up`, async (request, reply) => {
    const details = await kit.interaction(request, reply);
    if (!details || details.uid !== request.params.uid) return kit.expired(request, reply);
    return kit.html(
      reply,
      200,
      signUpPage({ uid: details.uid, locale: localeOf(request, kit.uiLocalesOf(details)) }),
    );
  });

  pages.post<Uid>(`${mountPath}/interaction/:uid/sign-up`, async (request, reply) => {
    const details = await kit.interaction(request, reply);
    if (!details || details.uid !== request.params.uid) return kit.expired(request, reply);
    const locale = localeOf(request, kit.uiLocalesOf(details));
    const form = SignUpForm.safeParse(request.body);
    const email = form.success ? form.data.email.toLowerCase() : '';
    const again = (error: PageError) =>
      kit.html(reply, 400, signUpPage({ uid: details.uid, locale, email, error }));
    if (!form.success || !form.data.email || !form.data.password) return again({ kind: 'required' });
    if (!EmailAddress.safeParse(email).success) return again({ kind: 'invalid-email' });
    const reserved = await kit.security.reserveSignUp(request.ip);
    if (isThrottled(reserved)) {
      const seconds = retryAfterSeconds(reserved.throttled);
      return kit.throttled(
        reply,
        reserved.throttled,
        signUpPage({
          uid: details.uid,
          locale,
          email,
          error: { kind: 'throttled', retryAfterSeconds: seconds },
        }),
      );
    }
    const { problem } = await judgePassword(form.data.password, email);
    if (problem) return again(passwordError(problem));
    if (form.data.password !== form.data.confirm) return again({ kind: 'passwords-differ' });
    // The password is hashed on both paths (the insert of a taken address fails after it) and
    // neither mail is awaited: the answer's words, status and timing do not tell whether the
    // address has an account. A new account signs in once its address is verified.
    const user = await signUp(kit.db, email, form.data.password, { language: locale });
    if (user === 'taken') kit.security.signUpAttempted(email);
    else kit.security.welcome(user);
    return kit.html(
      reply,
      200,
      signUpConfirmPage({
        locale,
        email,
        validHours: verifyLinkHours,
        signInHref: signInPath(details.uid),
      }),
    );
  });
}
