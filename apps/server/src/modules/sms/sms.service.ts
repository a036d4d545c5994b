import crypto from 'node:crypto';
import {
  firstEnabledSmsProvider,
  SMS_PROVIDER_KEYS,
  type SmsProviderKey,
  type SmsTemplateKind,
} from '@nimbus/contract';
import type { DbOrTx } from '../../platform/db/database';
import { auditService, type Actor, type AuditService } from '../../platform/audit/audit';
import type { SmsEndpoints } from '../../platform/config';
import { AppError, badRequest } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { loadNotifySetting, loadNotifySettings, type NotifySetting } from '../notify/notify-settings';
import { sendSmsCode, sendSmsNotice, type ConfiguredSmsProvider } from './sms-delivery';

function configured(setting: NotifySetting<SmsProviderKey>): ConfiguredSmsProvider | undefined {
  return setting.config ? ({ key: setting.key, config: setting.config } as ConfiguredSmsProvider) : undefined;
}

export function smsService(db: DbOrTx, endpoints: SmsEndpoints, audit: AuditService = auditService(db)) {
  return {
    /**
     * Admin "send test": the `code` template with a sample code, using the saved settings of
     * `type` even if it is off. Audited whether it went out or not.
     */
    async sendTest(type: SmsProviderKey, mobile: string, admin: Actor, caller: Caller): Promise<void> {
      try {
        const provider = configured(await loadNotifySetting(db, type));
        if (!provider) throw badRequest('sms.notConfigured');
        await sendSmsCode(provider, mobile, sampleCode(), endpoints);
      } catch (error) {
        await audit.record(admin, caller.ip, {
          action: 'sms.test',
          target: type,
          success: false,
          detail: { mobile, error: error instanceof AppError ? error.messageKey : 'unexpected' },
        });
        throw error;
      }
      await audit.record(admin, caller.ip, { action: 'sms.test', target: type, detail: { mobile } });
    },

    /** Spec §4: the first provider whose row status is on sends. */
    async firstEnabledProvider(): Promise<ConfiguredSmsProvider | undefined> {
      const settings = await loadNotifySettings(db, SMS_PROVIDER_KEYS);
      const key = firstEnabledSmsProvider(
        settings.map((s) => ({ paramKey: s.key, status: s.enabled ? 1 : 0 })),
      );
      const first = settings.find((setting) => setting.key === key);
      return first && configured(first);
    },

    /** A notice through the first enabled provider, if it has that template: whether it went out. */
    async sendNotice(
      mobile: string,
      kind: SmsTemplateKind,
      params: Record<string, string>,
    ): Promise<boolean> {
      const provider = await this.firstEnabledProvider();
      return provider ? sendSmsNotice(provider, kind, mobile, params, endpoints) : false;
    },

    async sendCode(mobile: string, code: string): Promise<void> {
      const provider = await this.firstEnabledProvider();
      if (!provider) throw badRequest('notify.smsNotConfigured');
      await sendSmsCode(provider, mobile, code, endpoints);
    },
  };
}

function sampleCode(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
}
