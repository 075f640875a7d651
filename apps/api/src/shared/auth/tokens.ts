import { createLocalJWKSet, jwtVerify, SignJWT, errors as joseErrors, type JWTPayload } from 'jose';
import type { KeySet } from './key-set';

export const API_AUDIENCE = 'carrier-portal-api';
export const ACCESS_TOKEN_SECONDS = 60 * 60;

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  /** The user's company. */
  cid: string;
  /** A driver-link session: only this driver's shipments. */
  drv?: string;
  /** The driver link the token was exchanged for; revoking the link ends the token. */
  dlk?: string;
  /** The account's token version when issued; signing out or a new password moves it on. */
  tv?: number;
}

export interface TokenService {
  issue(
    claims: {
      userId: string;
      companyId: string;
      driverId?: string;
      driverLinkId?: string;
      tokenVersion?: number;
    },
    seconds?: number,
  ): Promise<string>;
  verify(token: string): Promise<AccessTokenClaims>;
}

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

export function tokenService(keys: KeySet, issuer: string): TokenService {
  const jwks = createLocalJWKSet(keys.publicJwks);
  return {
    async issue(
      { userId, companyId, driverId, driverLinkId, tokenVersion },
      seconds = ACCESS_TOKEN_SECONDS,
    ) {
      return new SignJWT({
        cid: companyId,
        ...(tokenVersion ? { tv: tokenVersion } : {}),
        ...(driverId ? { drv: driverId } : {}),
        ...(driverLinkId ? { dlk: driverLinkId } : {}),
      })
        .setProtectedHeader({ alg: keys.signing.alg, kid: keys.signing.kid, typ: 'at+jwt' })
        .setIssuer(issuer)
        .setAudience(API_AUDIENCE)
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${seconds}s`)
        .sign(keys.signing.key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify<AccessTokenClaims>(token, jwks, {
          issuer,
          audience: API_AUDIENCE,
          algorithms: [keys.signing.alg],
          requiredClaims: ['sub', 'exp', 'cid'],
        });
        return payload;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) {
          throw new InvalidTokenError(
            error.code === 'ERR_JWT_EXPIRED' ? 'The token has expired' : 'The token is not valid',
          );
        }
        throw error;
      }
    },
  };
}
