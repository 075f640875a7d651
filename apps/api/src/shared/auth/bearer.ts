import type { Database } from '../../db/database';
import type { AuthCache } from './auth-cache';
import { unauthorized } from '../http/errors';
import type { Authenticator } from './authenticate';
import { loadCaller } from './caller';
import { isDriverLinkActive, loadDriverLinkCaller } from './driver-links';
import { InvalidTokenError, type TokenService } from './tokens';

/** Authorization: Bearer <access token signed by the server's key set>. */
export function bearerAuthenticator(
  db: Database,
  tokens: TokenService,
  cache: AuthCache,
): Authenticator {
  return async (request) => {
    const header = request.headers.authorization;
    if (!header) return null;
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token)
      throw unauthorized('The Authorization header must be "Bearer <token>"');
    let claims;
    try {
      claims = await cache.verifiedToken(token, (given) => tokens.verify(given));
    } catch (error) {
      if (error instanceof InvalidTokenError) throw unauthorized(error.message);
      throw error;
    }
    let caller;
    if (claims.dlk) {
      // Exchanged for a driver link: it lives only as long as the link does.
      if (!claims.drv || claims.drv !== claims.sub || !(await isDriverLinkActive(db, claims.dlk)))
        throw unauthorized('The driver link has expired or was revoked');
      caller = await loadDriverLinkCaller(db, { driverId: claims.sub }, 'token');
    } else {
      const driverId = claims.drv;
      caller = await cache.caller(`token:${claims.sub}:${driverId ?? ''}`, () =>
        loadCaller(db, claims.sub, { via: 'token', ...(driverId ? { driverId } : {}) }),
      );
    }
    if (!caller || caller.companyId !== claims.cid) throw unauthorized('The token is not valid');
    // Signing out or setting a new password moved the account's token version on (decision 085).
    if (!claims.dlk && (claims.tv ?? 0) !== (caller.tokenVersion ?? 0))
      throw unauthorized('The token was revoked: sign in again');
    return caller;
  };
}
