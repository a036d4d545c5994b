import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** Issuer shown in authenticator apps next to the account name. */
const TOTP_ISSUER = 'Nimbus';

export function newTotpSecret(): string {
  return generateSecret();
}

export async function totpEnrolment(secret: string, accountName: string) {
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: accountName, secret });
  const qrCode = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 });
  return { otpauthUrl, qrCode, secret };
}

/** One 30 s step of clock drift either way is accepted, as authenticator apps expect. */
export async function totpMatches(secret: string, code: string): Promise<boolean> {
  try {
    const result = await verify({ secret, token: code.trim(), epochTolerance: 30 });
    return result.valid;
  } catch {
    return false;
  }
}
