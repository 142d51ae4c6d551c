import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id floor: 19 MiB, two passes, one lane (~50 ms here). */
export const ARGON2_PARAMS = {
  // Algorithm.Argon2id; the enum is a const enum that isolated modules cannot read
  algorithm: 2,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false; // a corrupt stored hash is a failed sign-in, not a server error
  }
}

/**
 * Verifying against this when the email is unknown makes a wrong email cost as much as a wrong
 * password, so response times do not reveal which admins exist.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-but-the-same-cost');
  return dummyHash;
}
