import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (m=19456 KiB, t=2, p=1: OWASP's minimum recommendation).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Compared against when the account does not exist, so a wrong address costs the same time as a wrong password.
const DECOY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$Zy7gdrw0mHY6WbB4O9sU3H0pBu2sTJvjVuh6a0S0Rm4';

export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  try {
    return await verify(storedHash ?? DECOY_HASH, password);
  } catch {
    return false;
  }
}
