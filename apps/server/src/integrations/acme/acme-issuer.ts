import fs from 'node:fs';
import https from 'node:https';
import * as acme from 'acme-client';

/** One HTTP-01 answer: the edges serve `keyAuthorization` at /.well-known/acme-challenge/<token>. */
export interface ChallengeAnswer {
  domain: string;
  token: string;
  keyAuthorization: string;
}

export interface AcmeOrder {
  directoryUrl: string;
  accountKeyPem: string;
  email: string;
  domains: string[];
  /** A CA file to trust for the directory (a private CA; pebble in tests). */
  caFile?: string;
  /** External Account Binding (RFC 8555 §7.3.4), for a CA that registers only accounts it knows. */
  eab?: { kid: string; hmacKey: string };
}

export const newAccountKey = async () => (await acme.crypto.createPrivateKey()).toString();

let trustedCaFile: string | undefined;
function trustCa(caFile: string | undefined) {
  if (!caFile || caFile === trustedCaFile) return;
  acme.axios.defaults.httpsAgent = new https.Agent({ ca: fs.readFileSync(caFile) });
  trustedCaFile = caFile;
}

/**
 * Orders a certificate over ACME with HTTP-01: `present` must make every answer reachable
 * (published to the edges) before it resolves; then the CA validates and the certificate is
 * issued for a fresh key. Failures carry the CA's own problem text.
 */
export async function issueCertificate(
  order: AcmeOrder,
  present: (answers: ChallengeAnswer[]) => Promise<void>,
): Promise<{ certPem: string; keyPem: string }> {
  trustCa(order.caFile);
  const client = new acme.Client({
    directoryUrl: order.directoryUrl,
    accountKey: order.accountKeyPem,
    // acme-client signs the binding (the JWS over the account key) itself.
    ...(order.eab ? { externalAccountBinding: { kid: order.eab.kid, hmacKey: order.eab.hmacKey } } : {}),
  });
  try {
    await client.createAccount({
      termsOfServiceAgreed: true,
      ...(order.email ? { contact: [`mailto:${order.email}`] } : {}),
    });
  } catch (error) {
    if (!order.eab) throw error;
    // Said so that the administrator knows the product's EAB key id or HMAC key is what to fix.
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(
      `the CA refused the external account binding (EAB key id ${order.eab.kid}): ${detail}. ` +
        `An administrator must correct the certificate product's EAB key id or HMAC key; then renew.`,
      { cause: error },
    );
  }
  const created = await client.createOrder({
    identifiers: order.domains.map((value) => ({ type: 'dns', value })),
  });
  const pending = (await client.getAuthorizations(created)).filter((a) => a.status !== 'valid');
  const work = await Promise.all(
    pending.map(async (authorization) => {
      const challenge = authorization.challenges.find((c) => c.type === 'http-01');
      if (!challenge)
        throw new Error(`the CA offers no HTTP-01 challenge for ${authorization.identifier.value}`);
      const keyAuthorization = await client.getChallengeKeyAuthorization(challenge);
      return {
        challenge,
        answer: { domain: authorization.identifier.value, token: challenge.token, keyAuthorization },
      };
    }),
  );
  await present(work.map((w) => w.answer));
  for (const { challenge } of work) {
    await client.completeChallenge(challenge);
    await client.waitForValidStatus(challenge);
  }
  const [key, csr] = await acme.crypto.createCsr({ commonName: order.domains[0], altNames: order.domains });
  const finalized = await client.finalizeOrder(created, csr);
  return { certPem: await client.getCertificate(finalized), keyPem: key.toString() };
}
