import { translate } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { customers } from '../account/account.schema';
import { mailService } from '../mail/mail.service';
import { messages } from '../message/message.schema';
import { smsService } from '../sms/sms.service';
import { platformLang } from '../web-config/web-config.service';
import type { WorkOrderContext } from './work-order.core';

/**
 * The customer hears of an admin's answer by letter (type 3), and by e-mail and SMS (the
 * provider's `work_order` template, for answers) when those are on. The letter is written in
 * `tx`; the returned function sends the rest once the change has committed.
 */
export async function tellCustomer(
  ctx: WorkOrderContext,
  tx: DbOrTx,
  order: { customerId: number; number: string; title: string },
  kind: 'reply' | 'completed',
  content = '',
) {
  const lang = await platformLang(tx);
  const params = { number: order.number, title: order.title, content };
  const notice =
    kind === 'reply'
      ? {
          title: translate('workOrder.replyLetterTitle', lang, params),
          content: translate('workOrder.replyLetterContent', lang, params),
        }
      : {
          title: translate('workOrder.completedLetterTitle', lang, params),
          content: translate('workOrder.completedLetterContent', lang, params),
        };
  await tx.insert(messages).values({ ...notice, type: 3, customerId: order.customerId });
  const [customer] = await tx
    .select({ mail: customers.mail, mobile: customers.mobile })
    .from(customers)
    .where(eq(customers.id, order.customerId));
  // A channel that is off or fails does not undo the change.
  return async () => {
    if (customer?.mail)
      await mailService(ctx.db)
        .sendNotice({ to: customer.mail, subject: notice.title, text: notice.content })
        .catch(() => false);
    if (customer?.mobile && kind === 'reply')
      await smsService(ctx.db, ctx.config.smsEndpoints)
        .sendNotice(customer.mobile, 'work_order', { number: order.number })
        .catch(() => false);
  };
}
