import type { AccessTerms, AccessTermsAcceptance } from '@portal/contract';
import { ACCESS_TERMS_MESSAGES } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { conflict, notFound } from '../../shared/http/errors';
import { findAcceptance, findCurrentAccessTerms, recordAcceptance } from './repository';

/** The terms in force, and when the caller accepted them. */
export async function currentAccessTerms(ctx: AppContext, caller: Caller): Promise<AccessTerms> {
  return ctx.db.tenant(caller.scope, async (tx) => {
    const terms = await findCurrentAccessTerms(tx);
    if (!terms) throw notFound('Access terms');
    const acceptance = await findAcceptance(tx, caller.userId, terms.version);
    return {
      version: terms.version,
      title: terms.title,
      body: terms.body,
      publishedAt: terms.publishedAt.toISOString(),
      acceptedAt: acceptance?.acceptedAt.toISOString() ?? null,
    };
  });
}

/**
 * The caller accepts the version they read. A version other than the one in force (an old page, a
 * newer version published meanwhile) is refused with the current one named, and nothing is stored.
 */
export async function acceptAccessTerms(
  ctx: AppContext,
  caller: Caller,
  version: string,
): Promise<AccessTermsAcceptance['data']> {
  const acceptance = await ctx.db.tenant(caller.scope, async (tx) => {
    const terms = await findCurrentAccessTerms(tx);
    if (!terms) throw notFound('Access terms');
    if (terms.version !== version)
      throw conflict(ACCESS_TERMS_MESSAGES.changed(terms.version), {
        version: [ACCESS_TERMS_MESSAGES.changed(terms.version)],
      });
    return recordAcceptance(tx, caller.userId, version);
  });
  // This process serves the next request with the acceptance at once; the others hear of it from
  // the database (migration 0160's trigger).
  ctx.identity.authCache.forgetUser(caller.userId);
  return { version: acceptance.version, acceptedAt: acceptance.acceptedAt.toISOString() };
}
