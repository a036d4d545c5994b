import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import type { TestServer } from '../../../test/harness';
import { captchas } from '../../platform/auth/auth.schema';
import { admins, customers } from './account.schema';

export type Scope = 'app' | 'sys';

/** Fetches a captcha image like the browser does and reads its answer from the database. */
export async function solveCaptcha(server: TestServer, scope: Scope = 'app') {
  const uuid = crypto.randomUUID();
  const image = await fetch(`${server.baseUrl}/api/${scope}/account/kaptcha.jpg?uuid=${uuid}`);
  if (!image.ok) throw new Error(`captcha answered ${image.status}`);
  const [row] = await server.database.db.select().from(captchas).where(eq(captchas.uuid, uuid));
  return { uuid, captcha: row!.answer };
}

/** POST {scope}/account/login with a fresh, solved captcha. */
export async function tryLogin(
  server: TestServer,
  scope: Scope,
  username: string,
  password: string,
  lang?: 'cn' | 'en',
) {
  const solved = await solveCaptcha(server, scope);
  return server.call<{ token?: string; totpRequired?: boolean; challenge?: string }>(
    'POST',
    `${scope}/account/login`,
    {
      body: { username, password, ...solved },
      lang,
    },
  );
}

export async function customerRow(server: TestServer, username: string) {
  const [row] = await server.database.db.select().from(customers).where(eq(customers.username, username));
  return row!;
}

export async function adminRow(server: TestServer, username: string) {
  const [row] = await server.database.db.select().from(admins).where(eq(admins.username, username));
  return row!;
}

/**
 * Codes of the previous, current and next 30 s step: the server accepts each once, in that
 * order. Waits out the end of a step first, so all three stay accepted for at least 10 s.
 */
export async function totpCodes(secret: string): Promise<[string, string, string]> {
  const secondsLeft = 30 - ((Date.now() / 1000) % 30);
  if (secondsLeft < 10) await new Promise((resolve) => setTimeout(resolve, secondsLeft * 1000 + 100));
  const step = Math.floor(Date.now() / 30_000);
  const [previous, current, next] = await Promise.all(
    [-1, 0, 1].map((offset) => generate({ secret, epoch: (step + offset) * 30 })),
  );
  return [previous!, current!, next!];
}
