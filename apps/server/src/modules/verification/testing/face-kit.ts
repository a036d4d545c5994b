import {
  FACE_PROVIDERS,
  type FaceProviderName,
  type FaceStart,
  type VerificationStatus,
} from '@nimbus/contract';
import { expect } from 'vitest';
import type { TestServer } from '../../../../test/harness';
import { configRepository } from '../../config/config.repository';
import { paymentKit } from '../../payment/testing/payment-kit';

/**
 * What each face provider's integration test needs: the provider configured as an admin would
 * (sys/config/update), customers, and the customer's calls of the verification flow.
 */
export function faceKit(server: () => TestServer) {
  const kit = paymentKit(server);
  const call = kit.call;
  let admin: string | undefined;
  const adminToken = async () => (admin ??= await server().login('admin'));

  return {
    call,
    customer: kit.customer,

    /** Saves the provider's config through sys/config/update; the answer, for refusals. */
    async configure(provider: FaceProviderName, value: Record<string, unknown>, status: 0 | 1 = 1) {
      const paramKey = FACE_PROVIDERS[provider].configKey;
      const row = await configRepository(server().database.db).byKey(paramKey);
      return call('POST', 'sys/config/update', {
        token: await adminToken(),
        body: { id: row!.id, paramKey, paramValue: JSON.stringify(value), status },
      });
    },

    /** What an admin reads back (sys/config/kinfo): secrets blanked. */
    async shown(provider: FaceProviderName) {
      const answer = await call<Record<string, unknown>>('GET', 'sys/config/kinfo', {
        token: await adminToken(),
        query: { key: FACE_PROVIDERS[provider].configKey },
      });
      return answer.body.data!;
    },

    async status(token: string): Promise<VerificationStatus> {
      return (await call<VerificationStatus>('GET', 'app/account/verification/status', { token })).body.data!;
    },

    async submit(token: string, realnameName: string, realnameCertificateid: string) {
      const answer = await call<VerificationStatus>('POST', 'app/account/verification/submit', {
        token,
        body: { realnameName, realnameCertificateid },
      });
      expect(answer.body.code, answer.body.msg).toBe(1);
      return answer.body.data!;
    },

    startFace: (token: string) => call<FaceStart>('POST', 'app/account/verification/face', { token }),
    faceResult: (token: string) =>
      call<VerificationStatus>('POST', 'app/account/verification/face/result', { token }),

    async realnameStatus(token: string): Promise<number> {
      const user = await call<{ realnameStatus: number }>('GET', 'app/account/userinfo', { token });
      return user.body.data!.realnameStatus;
    },
  };
}

/** A browser pressing a button of a provider's page: the form's POST, redirect not followed. */
export async function press(
  pageUrl: string,
  button: 'Pass' | 'Fail',
): Promise<{ status: number; location: string }> {
  const page = await fetch(pageUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = new RegExp(`<form method="post" action="([^"]+)"><button>${button}</button>`).exec(
    html,
  )?.[1];
  expect(action, html).toBeDefined();
  const answer = await fetch(new URL(action!, pageUrl), { method: 'POST', redirect: 'manual' });
  return { status: answer.status, location: answer.headers.get('location') ?? '' };
}
