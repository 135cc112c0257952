import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { retryAfterSeconds } from '../throttle.js';
import { isThrottled, linkPaths, resetLinkMinutes, standaloneForgotPath } from './account-security.js';
import {
  EmailAddress,
  localeOf,
  mountPath,
  type PageKit,
  passwordError,
  TokenQuery,
  type Uid,
} from './page-kit.js';
import {
  forgotPasswordPage,
  forgotPasswordPath,
  type PageError,
  resetDonePage,
  resetLinkProblemPage,
  resetPasswordPage,
} from './pages.js';

const EmailForm = z.object({ email: z.string().trim().max(254) });
const ResetForm = z.object({
  token: z.string().max(100),
  password: z.string().max(1024),
  confirm: z.string().max(1024),
});

/** The forgotten-password pages (in a sign-in attempt and on their own) and the e-mailed reset link. */
export function resetRoutes(pages: FastifyInstance, kit: PageKit) {
  const { html, security, publicUrl } = kit;

  // Forgotten password: from a sign-in attempt (back to it) or on its own (back to the console).
  const forgot = async (request: FastifyRequest, reply: FastifyReply, uid?: string) => {
    const details = uid ? await kit.interaction(request, reply) : undefined;
    if (uid && (!details || details.uid !== uid)) return kit.expired(request, reply);
    const locale = localeOf(request, details && kit.uiLocalesOf(details));
    const action = uid ? forgotPasswordPath(uid) : standaloneForgotPath;
    const backHref = uid ? `${mountPath}/interaction/${uid}` : publicUrl;
    if (request.method === 'GET') return html(reply, 200, forgotPasswordPage({ locale, action, backHref }));
    const form = EmailForm.safeParse(request.body);
    const email = form.success ? form.data.email.toLowerCase() : '';
    const again = (status: number, error: PageError) =>
      html(reply, status, forgotPasswordPage({ locale, action, backHref, email, error }));
    if (!email) return again(400, { kind: 'required' });
    if (!EmailAddress.safeParse(email).success) return again(400, { kind: 'invalid-email' });
    const result = await security.requestReset(email, request.ip);
    if (isThrottled(result)) {
      return kit.throttled(
        reply,
        result.throttled,
        forgotPasswordPage({
          locale,
          action,
          backHref,
          email,
          error: { kind: 'throttled', retryAfterSeconds: retryAfterSeconds(result.throttled) },
        }),
      );
    }
    return html(
      reply,
      200,
      forgotPasswordPage({ locale, action, backHref, sent: { email, validMinutes: resetLinkMinutes } }),
    );
  };
  pages.get<Uid>(`${mountPath}/interaction/:uid/forgot-password`, (request, reply) =>
    forgot(request, reply, request.params.uid),
  );
  pages.post<Uid>(`${mountPath}/interaction/:uid/forgot-password`, (request, reply) =>
    forgot(request, reply, request.params.uid),
  );
  pages.get(standaloneForgotPath, (request, reply) => forgot(request, reply));
  pages.post(standaloneForgotPath, (request, reply) => forgot(request, reply));

  // The e-mailed reset link: a form for the new password; the link is used when it is saved.
  pages.get(linkPaths.reset_password, async (request, reply) => {
    const locale = localeOf(request);
    const query = TokenQuery.safeParse(request.query);
    const link = query.success ? await security.resetLink(query.data.token) : { state: 'invalid' as const };
    if (!query.success || link.state !== 'valid' || !('email' in link)) {
      const problem = link.state === 'valid' ? 'invalid' : link.state;
      return html(reply, 400, resetLinkProblemPage({ locale, problem, requestHref: standaloneForgotPath }));
    }
    return html(
      reply,
      200,
      resetPasswordPage({
        locale,
        action: linkPaths.reset_password,
        token: query.data.token,
        email: link.email,
      }),
    );
  });
  pages.post(linkPaths.reset_password, async (request, reply) => {
    const locale = localeOf(request);
    const form = ResetForm.safeParse(request.body);
    if (!form.success) {
      return html(
        reply,
        400,
        resetLinkProblemPage({ locale, problem: 'invalid', requestHref: standaloneForgotPath }),
      );
    }
    const again = async (error: PageError) => {
      const link = await security.resetLink(form.data.token);
      const email = 'email' in link ? link.email : undefined;
      return html(
        reply,
        400,
        resetPasswordPage({ locale, action: linkPaths.reset_password, token: form.data.token, email, error }),
      );
    };
    if (!form.data.password) return again({ kind: 'required' });
    if (form.data.password !== form.data.confirm) return again({ kind: 'passwords-differ' });
    const result = await security.resetPassword(form.data.token, form.data.password);
    if ('problem' in result) return again(passwordError(result.problem));
    if ('link' in result) {
      return html(
        reply,
        400,
        resetLinkProblemPage({ locale, problem: result.link, requestHref: standaloneForgotPath }),
      );
    }
    return html(reply, 200, resetDonePage({ locale, continueHref: publicUrl }));
  });
}
