import type { FastifyInstance } from 'fastify';
import { linkPaths } from './account-security.js';
import { localeOf, type PageKit, TokenQuery } from './page-kit.js';
import { verificationResultPage } from './pages.js';

/** The e-mailed verification link: opening it verifies the address it was sent to. */
export function verificationRoutes(pages: FastifyInstance, kit: PageKit) {
  pages.get(linkPaths.verify_email, async (request, reply) => {
    const locale = localeOf(request);
    const query = TokenQuery.safeParse(request.query);
    const result = query.success ? await kit.security.verifyEmail(query.data.token) : 'invalid';
    return kit.html(
      reply,
      result === 'ok' || result === 'used' ? 200 : 400,
      verificationResultPage({ locale, result, continueHref: kit.publicUrl }),
    );
  });
}
