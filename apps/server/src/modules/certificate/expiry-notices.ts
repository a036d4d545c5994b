import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import { CERTIFICATE_NOTICE_DAYS, translate } from '@nimbus/contract';
import type { AppContext } from '../../platform/context';
import { customers } from '../account/account.schema';
import { mailService } from '../mail/mail.service';
import { messages } from '../message/message.schema';
import { platformLang } from '../web-config/web-config.service';
import { certificates } from './certificate.schema';

const DAY_MS = 86_400_000;

/** The notice due for a certificate now: the smallest threshold it has crossed and not been told of. */
export function dueNotice(notAfter: Date, sent: readonly number[], now = new Date()): number | undefined {
  const daysLeft = (notAfter.getTime() - now.getTime()) / DAY_MS;
  const crossed = CERTIFICATE_NOTICE_DAYS.filter((d) => daysLeft <= d);
  const smallest = crossed.length > 0 ? Math.min(...crossed) : undefined;
  return smallest !== undefined && !sent.includes(smallest) ? smallest : undefined;
}

/** A bought certificate past its paid period is not renewed by itself: its notice says so. */
export const paidPeriodEnded = (
  row: { productId: number | null; paidUntil: Date | null },
  now = new Date(),
): boolean => row.productId !== null && (row.paidUntil === null || row.paidUntil <= now);

/**
 * Expiry notices 30, 7 and 1 days before notAfter: an internal letter always, an e-mail when
 * e-mail is on and the customer has an address. Thresholds already passed are marked sent too,
 * so a certificate first seen at 5 days left gets one notice, not three.
 */
export async function sendExpiryNotices(ctx: Pick<AppContext, 'db'>): Promise<number> {
  const { db } = ctx;
  const lang = await platformLang(db);
  const horizon = Math.max(...CERTIFICATE_NOTICE_DAYS);
  const rows = await db
    .select({
      id: certificates.id,
      name: certificates.name,
      notAfter: certificates.notAfter,
      sent: certificates.noticesSent,
      customerId: certificates.customerId,
      productId: certificates.productId,
      paidUntil: certificates.paidUntil,
      mail: customers.mail,
    })
    .from(certificates)
    .innerJoin(customers, sql`${customers.id} = ${certificates.customerId}`)
    .where(
      and(
        inArray(certificates.status, ['own', 'succeeded']),
        gt(certificates.notAfter, sql`now()`),
        lt(certificates.notAfter, sql`now() + make_interval(days => ${horizon})`),
      ),
    );
  let sent = 0;
  for (const row of rows) {
    const days = dueNotice(row.notAfter!, row.sent);
    if (days === undefined) continue;
    const params = { name: row.name, days, date: row.notAfter!.toISOString().slice(0, 10) };
    const title = translate('certificate.expiryTitle', lang, params);
    const content = translate(
      paidPeriodEnded(row) ? 'certificate.expiryContentPaidEnded' : 'certificate.expiryContent',
      lang,
      params,
    );
    await db.transaction(async (tx) => {
      await tx.insert(messages).values({ title, content, type: 1, customerId: row.customerId });
      await tx
        .update(certificates)
        .set({ noticesSent: CERTIFICATE_NOTICE_DAYS.filter((d) => d >= days) })
        .where(sql`${certificates.id} = ${row.id}`);
    });
    if (row.mail)
      await mailService(db)
        .sendNotice({ to: row.mail, subject: title, text: content })
        .catch(() => false);
    sent++;
  }
  return sent;
}
