import type { SmsEndpoints } from '../../platform/config';
import type { CodeSender } from '../../platform/context';
import type { Db } from '../../platform/db/database';
import { mailService } from '../mail/mail.service';
import { smsService } from '../sms/sms.service';

/**
 * Verification codes (register, forget password…) through the channel the admin configured:
 * e-mail with MAIL_CONFIG_KEY's `code` template, SMS with the first enabled provider's `code`
 * template. Not configured → an AppError telling the user to contact the administrator.
 * Settings are read on every send, so a change in the admin screen applies at once.
 */
export function configuredCodeSender(db: Db, smsEndpoints: SmsEndpoints = {}): CodeSender {
  const mail = mailService(db);
  const sms = smsService(db, smsEndpoints);
  return {
    async send(channel, target, code, lang) {
      if (channel === 'mail') await mail.sendCode(target, code, lang);
      else await sms.sendCode(target, code);
    },
  };
}
