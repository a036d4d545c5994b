import { translate, type DnsApiKeyIssued, type DnsApiKeyStatus } from '@nimbus/contract';
import { hashToken } from '../../platform/auth/secrets';
import type { Principal } from '../../platform/auth/session.service';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/audit/audit';
import type { Db, DbOrTx } from '../../platform/db/database';
import { forbidden, notFound, unauthorized } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { admissionRefusal } from '../account/admission';
import { messages } from '../message/message.schema';
import { platformLang } from '../web-config/web-config.service';
import { lastUsedIsStale, LAST_USED_EVERY_MS, newApiKey } from './api-key';
import { dnsApiKeyRepository } from './dns-api-key.repository';
import type { DnsApiKeyRow } from './dns-api-key.schema';

const NO_KEY: DnsApiKeyStatus = {
  exists: false,
  prefix: null,
  createdAt: null,
  lastUsedAt: null,
  lastUsedIp: null,
};

const statusOf = (row: DnsApiKeyRow | undefined): DnsApiKeyStatus =>
  row
    ? {
        exists: true,
        prefix: row.prefix,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
        lastUsedIp: row.lastUsedIp,
      }
    : NO_KEY;

/** The customer's DNS API key (issue 9 §2, ADR 0024): made, shown once, replaced, revoked. */
export function dnsApiKeyService(ctx: Pick<AppContext, 'db' | 'audit'>) {
  const keys = dnsApiKeyRepository(ctx.db);

  return {
    async status(customerId: number): Promise<DnsApiKeyStatus> {
      return statusOf(await keys.findByCustomer(customerId));
    },

    /** A new key replaces the old one at once; the answer is the only place the key is ever seen. */
    async issue(principal: Principal, caller: Caller): Promise<DnsApiKeyIssued> {
      // A key outlives the session that made it and is used by nobody in particular: an
      // administrator acting as the customer must not leave one behind.
      if (principal.impersonatorAdminId) throw forbidden('dnsApiKey.notAsAdmin');
      const { key, keyHash, prefix } = newApiKey();
      const row = await ctx.db.transaction(async (tx) => {
        const made = await dnsApiKeyRepository(tx).replace(principal.id, keyHash, prefix);
        await ctx.audit.record(
          principal,
          caller.ip,
          { action: 'api_key.issue', detail: { name: prefix } },
          tx,
        );
        return made;
      });
      return { ...statusOf(row), key };
    },

    async revoke(principal: Principal, caller: Caller): Promise<DnsApiKeyStatus> {
      await ctx.db.transaction(async (tx) => {
        const gone = await dnsApiKeyRepository(tx).deleteOf(principal.id);
        if (!gone) throw notFound('dnsApiKey.none');
        await ctx.audit.record(
          principal,
          caller.ip,
          { action: 'api_key.revoke', detail: { name: gone.prefix } },
          tx,
        );
      });
      return NO_KEY;
    },
  };
}

/**
 * A password change or reset ends the customer's key in the same transaction: whoever learnt
 * the old password may have issued one, and a key outlives every session. The customer gets a
 * letter saying so (their scripts stop working); true when there was a key.
 */
export async function revokeApiKeyOnPasswordChange(
  ctx: Pick<AppContext, 'audit'>,
  tx: DbOrTx,
  customerId: number,
  actor: Actor,
  ip: string,
): Promise<boolean> {
  const gone = await dnsApiKeyRepository(tx).deleteOf(customerId);
  if (!gone) return false;
  const lang = await platformLang(tx);
  await tx.insert(messages).values({
    type: 1,
    customerId,
    title: translate('account.apiKeyRevokedTitle', lang),
    content: translate('account.apiKeyRevokedNotice', lang),
  });
  await ctx.audit.record(
    actor,
    ip,
    {
      action: 'api_key.revoke',
      customerId,
      detail: { name: gone.prefix, reason: 'password_changed' },
    },
    tx,
  );
  return true;
}

/**
 * Who a key is, for the DNS routes' guard: its customer, as a principal without a session
 * (`sessionId` 0). Unknown or revoked: 401; a disabled account or an IP outside the login white
 * list: refused as a login would be.
 */
export function dnsApiKeyAuthenticator(db: Db) {
  const keys = dnsApiKeyRepository(db);
  return async (key: string, ip: string, now = new Date()): Promise<Principal> => {
    const holder = await keys.findByHash(hashToken(key));
    if (!holder) throw unauthorized('dnsApiKey.invalid');
    const refused = admissionRefusal(holder.customer, ip);
    if (refused) throw refused.error;
    if (lastUsedIsStale(holder.lastUsedAt, now))
      await keys.touch(holder.id, now, ip, new Date(now.getTime() - LAST_USED_EVERY_MS));
    return { kind: 'customer', id: holder.customerId, sessionId: 0, impersonatorAdminId: null };
  };
}

export type DnsApiKeyAuthenticator = ReturnType<typeof dnsApiKeyAuthenticator>;
