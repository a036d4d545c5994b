import { CODE_PLACEHOLDER, MAIL_CONFIG_KEY, translate, type Lang, type MailConfig } from '@nimbus/contract';
import { smtpMailer, type OutgoingMail } from '../../integrations/smtp/smtp-mailer';
import type { DbOrTx } from '../../platform/db/database';
import { auditService, type Actor, type AuditService } from '../../platform/audit/audit';
import { AppError, badRequest } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { loadNotifySetting } from '../notify/notify-settings';

function mailerFor(config: MailConfig) {
  return smtpMailer({
    host: config.host,
    port: config.port,
    secure: config.secure,
    username: config.username,
    password: config.password,
  });
}

/** The saved `code` template with {code} filled in; the built-in text where subject or content is blank. */
export function codeMail(config: MailConfig, to: string, code: string, lang: Lang): OutgoingMail {
  const template = config.templates.code;
  const fill = (text: string) => text.replaceAll(CODE_PLACEHOLDER, code);
  const subject = template?.subject.trim() ? fill(template.subject) : translate('mail.codeSubject', lang);
  const text = template?.content.trim()
    ? fill(template.content)
    : translate('mail.codeContent', lang, { code });
  return { to, subject, text };
}

export function mailService(db: DbOrTx, audit: AuditService = auditService(db)) {
  return {
    /**
     * Admin "send test" with the saved settings, whether or not e-mail is switched on yet.
     * Audited whether it went out or not.
     */
    async sendTest(to: string, admin: Actor, caller: Caller): Promise<void> {
      try {
        const { config } = await loadNotifySetting(db, MAIL_CONFIG_KEY);
        if (!config) throw badRequest('mail.notConfigured');
        await mailerFor(config).sendMail({
          to,
          subject: translate('mail.testSubject', caller.lang),
          text: translate('mail.testContent', caller.lang),
        });
      } catch (error) {
        await audit.record(admin, caller.ip, {
          action: 'mail.test',
          target: to,
          success: false,
          detail: { error: error instanceof AppError ? error.messageKey : 'unexpected' },
        });
        throw error;
      }
      await audit.record(admin, caller.ip, { action: 'mail.test', target: to });
    },

    /** A notice (certificate expiry…) when e-mail is on; false when it is not, nothing else to do then. */
    async sendNotice(mail: OutgoingMail): Promise<boolean> {
      const { enabled, config } = await loadNotifySetting(db, MAIL_CONFIG_KEY);
      if (!enabled || !config) return false;
      await mailerFor(config).sendMail(mail);
      return true;
    },

    /** A verification code, only when e-mail is switched on (row status 1) and complete. */
    async sendCode(to: string, code: string, lang: Lang): Promise<void> {
      const { enabled, config } = await loadNotifySetting(db, MAIL_CONFIG_KEY);
      if (!enabled || !config) throw badRequest('notify.mailNotConfigured');
      await mailerFor(config).sendMail(codeMail(config, to, code, lang));
    },
  };
}
