import { HTTPDNS_STATUS, type HttpdnsConfig, type HttpdnsSaveValues } from '@nimbus/contract';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { parseCertificate } from '../certificate/pem';
import type { HttpdnsListeners, HttpdnsRunConfig } from './httpdns.listener';
import { httpdnsRepository } from './httpdns.repository';
import type { HttpdnsConfigRow, HttpdnsStoredApp } from './httpdns.schema';

type Ctx = Pick<AppContext, 'db' | 'audit' | 'secrets' | 'dns' | 'config'>;
type AppRequests = HttpdnsSaveValues['apps'];

const required = (field: string) => badRequest('validation.required', { field: { field } });

/**
 * Spec §7 sys/httpdns calls and what the listeners run from. The certificate key and the apps'
 * signing keys are sealed (ctx.secrets) and write-only: reads answer '' and `<name>Set`; a save
 * with '' keeps the stored one.
 */
export function httpdnsService(ctx: Ctx, listeners: HttpdnsListeners) {
  const open = (sealed: string | null) => (sealed ? ctx.secrets.open(sealed) : undefined);

  function view(row: HttpdnsConfigRow | undefined): HttpdnsConfig {
    const status = row?.status ?? HTTPDNS_STATUS.off;
    const authoritative = ctx.dns.authoritative;
    return {
      status,
      portHttp: row?.portHttp ?? null,
      portHttps: row?.portHttps ?? null,
      httpsStatus: status === HTTPDNS_STATUS.https ? 1 : 0,
      certCrt: row?.certCrt ?? '',
      certKey: '',
      certKeySet: Boolean(row?.certKeySealed),
      domain: row?.domain ?? '',
      signStatus: row?.signStatus ?? 0,
      apps: (row?.apps ?? []).map((app) => ({ id: app.id, name: app.name, signKey: '', signKeySet: true })),
      host: ctx.config.httpdnsHost,
      ...listeners.state(),
      powerdns:
        authoritative.state === 'ready'
          ? { state: 'ready' }
          : { state: 'missing', reason: authoritative.reason, install: authoritative.install },
    };
  }

  function runConfig(row: HttpdnsConfigRow | undefined): HttpdnsRunConfig | null {
    if (!row) return null;
    return {
      status: row.status,
      portHttp: row.portHttp,
      portHttps: row.portHttps,
      certCrt: row.certCrt,
      certKey: open(row.certKeySealed),
      signKeys:
        row.signStatus === 1
          ? new Map(row.apps.map((app) => [app.id, ctx.secrets.open(app.keySealed)]))
          : undefined,
    };
  }

  /** The certificate as the HTTPS server wants it (leaf first); refused when it does not match the key. */
  function checkedCertificate(certCrt: string, certKey: string | undefined, https: boolean): string {
    if (!certCrt) return '';
    if (!certKey) {
      if (https) throw required('certKey');
      return certCrt;
    }
    const parsed = parseCertificate(certCrt, certKey);
    if (parsed === 'badCert') throw badRequest('httpdns.badCert', { field: { field: 'certCrt' } });
    if (parsed === 'badKey') throw badRequest('httpdns.badKey', { field: { field: 'certKey' } });
    if (parsed === 'keyMismatch') throw badRequest('httpdns.keyMismatch', { field: { field: 'certKey' } });
    if (parsed === 'weakKey') throw badRequest('httpdns.weakKey', { field: { field: 'certKey' } });
    if (parsed === 'weakSignature')
      throw badRequest('httpdns.weakSignature', { field: { field: 'certCrt' } });
    return parsed.chainPem;
  }

  /**
   * The apps to store: a listed app keeps its stored key when its signKey is ''; a new one (no
   * id) gets the next free id and must bring a key. An app left out of the list is withdrawn.
   */
  function mergedApps(requested: AppRequests, stored: readonly HttpdnsStoredApp[]): HttpdnsStoredApp[] {
    const byId = new Map(stored.map((app) => [app.id, app]));
    let next = Math.max(0, ...stored.map((app) => app.id), ...requested.map((app) => app.id ?? 0)) + 1;
    return requested.map((app) => {
      const kept = app.id === undefined ? undefined : byId.get(app.id);
      if (app.signKey)
        return { id: app.id ?? next++, name: app.name, keySealed: ctx.secrets.seal(app.signKey) };
      if (!kept) throw required('signKey');
      return { id: kept.id, name: app.name, keySealed: kept.keySealed };
    });
  }

  return {
    async config(): Promise<HttpdnsConfig> {
      return view(await httpdnsRepository(ctx.db).get());
    },

    /** Reads the saved config and (re)starts the listeners to match it. */
    async reload(): Promise<void> {
      await listeners.apply(runConfig(await httpdnsRepository(ctx.db).get()));
    },

    async save(request: HttpdnsSaveValues, admin: Actor, caller: Caller): Promise<HttpdnsConfig> {
      const https = request.status === HTTPDNS_STATUS.https;
      const row = await ctx.db.transaction(async (tx) => {
        const repo = httpdnsRepository(tx);
        const stored = await repo.getForUpdate();
        const certKey = request.certKey || open(stored?.certKeySealed ?? null);
        if (https && !certKey) throw required('certKey');
        const certCrt = checkedCertificate(request.certCrt, certKey, https);
        const apps = mergedApps(request.apps, stored?.apps ?? []);
        const saved = await repo.put({
          status: request.status,
          portHttp: request.portHttp,
          portHttps: request.portHttps ?? null,
          certCrt,
          certKeySealed: certKey ? ctx.secrets.seal(certKey) : null,
          domain: request.domain,
          signStatus: request.signStatus,
          apps,
        });
        await ctx.audit.record(
          admin,
          caller.ip,
          {
            action: 'httpdns.save',
            target: 'httpdns',
            // Which secrets were replaced, never their values.
            detail: {
              status: saved.status,
              portHttp: saved.portHttp,
              portHttps: saved.portHttps,
              signStatus: saved.signStatus,
              certKeyReplaced: Boolean(request.certKey),
              apps: apps.map((app) => app.id),
              appKeysReplaced: request.apps.filter((app) => app.signKey).map((app) => app.name),
            },
          },
          tx,
        );
        return saved;
      });
      await listeners.apply(runConfig(row));
      return view(row);
    },
  };
}
