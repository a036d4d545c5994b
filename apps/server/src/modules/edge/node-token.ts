import crypto from 'node:crypto';

/**
 * Node tokens are 32 random bytes; only their sha256 is stored. A token this long needs no
 * slow hash: guessing one is hopeless, and the edge API looks tokens up on every call.
 */
export function newNodeToken(): { token: string; hash: string } {
  const token = `edge_${crypto.randomBytes(32).toString('base64url')}`;
  return { token, hash: hashNodeToken(token) };
}

export function hashNodeToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
