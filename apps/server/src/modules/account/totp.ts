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

/** One step of clock drift either way is accepted, as authenticator apps expect. */
async function totpStepOf(secret: string, code: string): Promise<number | null> {
  try {
    const result = await verify({ secret, token: code.trim(), epochTolerance: 30 });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

export type TotpOutcome = 'accepted' | 'incorrect' | 'used';

/**
 * A code works once (RFC 6238 §5.2): `claimStep` records its 30 s step in the database only
 * when it is newer than the last one used, atomically, so a replay (or a race of two uses)
 * is refused as `used`.
 */
export async function useTotpCode(
  secret: string,
  code: string,
  claimStep: (step: number) => Promise<boolean>,
): Promise<TotpOutcome> {
  const step = await totpStepOf(secret, code);
  if (step === null) return 'incorrect';
  return (await claimStep(step)) ? 'accepted' : 'used';
}
