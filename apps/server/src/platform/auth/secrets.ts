import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** Tokens are high-entropy, so a plain sha256 is enough to keep the stored copy useless. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Random password for seeded accounts: readable, 16 characters. */
export function randomPassword(): string {
  return crypto.randomBytes(12).toString('base64url');
}
