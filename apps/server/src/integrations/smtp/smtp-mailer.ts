import nodemailer from 'nodemailer';
import { badRequest, type AppError } from '../../platform/http/app-error';

/** What an SMTP connection needs; built from MAIL_CONFIG_KEY (username is the sender mailbox). */
export interface SmtpSettings {
  host: string;
  port: number;
  /** Implicit TLS. Absent → TLS when the port is 465; otherwise STARTTLS when the server offers it. */
  secure?: boolean;
  username: string;
  password: string;
  /** Display name put before the sender mailbox. */
  fromName?: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface SentMail {
  messageId: string;
}

export interface SmtpMailer {
  sendMail(mail: OutgoingMail): Promise<SentMail>;
}

const CONNECT_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/**
 * nodemailer over SMTP with the admin's settings. One connection per message: codes and test
 * mails are rare, and a pooled connection would keep stale credentials after the settings change.
 * Failures become AppErrors whose message names what the admin has to fix.
 */
export function smtpMailer(settings: SmtpSettings): SmtpMailer {
  const secure = settings.secure ?? settings.port === 465;
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure,
    auth: { user: settings.username, pass: settings.password },
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  const from = settings.fromName
    ? { name: settings.fromName, address: settings.username }
    : settings.username;
  return {
    async sendMail(mail) {
      try {
        const info = await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        return { messageId: String(info.messageId ?? '') };
      } catch (error) {
        throw describeSmtpFailure(error, settings.host, settings.port);
      } finally {
        transport.close();
      }
    },
  };
}

interface SmtpFailure {
  code?: string;
  responseCode?: number;
  response?: string;
  command?: string;
  message?: string;
  cause?: unknown;
}

/** Maps nodemailer's error to a message the admin can act on (host and port named). */
export function describeSmtpFailure(error: unknown, host: string, port: number): AppError {
  const failure = (typeof error === 'object' && error ? error : {}) as SmtpFailure;
  const text = `${failure.message ?? ''} ${(failure.cause as { code?: string } | undefined)?.code ?? ''}`;
  const where = { host, port };
  if (failure.code === 'EAUTH' || failure.code === 'ENOAUTH' || failure.responseCode === 535) {
    return badRequest('mail.authFailed', { host });
  }
  if (failure.code === 'ETLS' || /SSL|TLS|certificate|wrong version number/i.test(text)) {
    return badRequest('mail.tlsFailed', where);
  }
  if (failure.code === 'ETIMEDOUT' || /ETIMEDOUT|timed? ?out/i.test(text))
    return badRequest('mail.timeout', where);
  if (
    failure.code === 'ECONNECTION' ||
    failure.code === 'ESOCKET' ||
    failure.code === 'EDNS' ||
    /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|ECONNRESET|EAI_AGAIN/.test(text)
  ) {
    return badRequest('mail.connectFailed', where);
  }
  const reason = oneLine(failure.response ?? failure.message ?? String(error));
  if (failure.code === 'EENVELOPE') return badRequest('mail.recipientRejected', { reason });
  return badRequest('mail.sendFailed', { reason });
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}
