import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random single-use or bearer-like secret (256 bits) and the hash that is stored in its place. */
export function newOpaqueToken(prefix = ''): { token: string; hash: string } {
  const token = `${prefix}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashOpaqueToken(token) };
}

/** SHA-256 is enough for 256-bit random secrets: there is nothing to guess, only to look up. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Constant-time comparison of two strings of any length. */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}
