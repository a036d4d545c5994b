import { translate, type MessageKey, type SmsTemplateKind } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { customers } from '../account/account.schema';
import { mailService } from '../mail/mail.service';
import { messages } from '../message/message.schema';
import { smsService } from '../sms/sms.service';
import { platformLang } from '../web-config/web-config.service';

/**
 * Tells a customer something about their plans by site letter, e-mail and SMS (the template of
 * `smsKind`; none when no template kind fits, e.g. a settlement), in the platform's language. A channel that is off or fails does not stop the
 * caller; the letter is there either way.
 */
export async function noticeCustomer(
  ctx: Pick<AppContext, 'db' | 'config'>,
  customerId: number,
  notice: {
    title: MessageKey;
    content: MessageKey;
    smsKind?: SmsTemplateKind;
    params: Record<string, string>;
  },
): Promise<void> {
  const { db } = ctx;
  const lang = await platformLang(db);
  const title = translate(notice.title, lang, notice.params);
  const content = translate(notice.content, lang, notice.params);
  await db.insert(messages).values({ title, content, type: 1, customerId });
  const [customer] = await db
    .select({ mail: customers.mail, mobile: customers.mobile })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (customer?.mail)
    await mailService(db)
      .sendNotice({ to: customer.mail, subject: title, text: content })
      .catch(() => false);
  if (customer?.mobile && notice.smsKind)
    await smsService(db, ctx.config.smsEndpoints)
      .sendNotice(customer.mobile, notice.smsKind, notice.params)
      .catch(() => false);
}
