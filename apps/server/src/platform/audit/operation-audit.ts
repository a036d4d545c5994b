import {
  CERTIFICATE_PATHS,
  isSuccessCode,
  PURGE_PATHS,
  SITE_ADMIN_PATHS,
  SITE_PATHS,
  SITE_REDIRECT_PATHS,
  SITE_SETTINGS_PATHS,
  STREAM_PATHS,
  WAF_PATHS,
} from '@nimbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../http/caller';
import type { AuditService } from './audit';

type Body = Record<string, unknown>;

/**
 * Customers' changes to their own resources, by API path: the action recorded when the call
 * succeeds. Their services take no actor (a change is the customer's by its customer id), so
 * the row is written here, once the change has committed and before the answer leaves.
 */
const OPERATIONS: Readonly<Record<string, (body: Body) => string>> = {
  [SITE_PATHS.create]: () => 'site.create',
  [SITE_PATHS.update]: () => 'site.update',
  [SITE_PATHS.bulk]: () => 'site.bulk_create',
  [SITE_PATHS.status]: (body) => `site.${String(body.action)}`,
  [SITE_PATHS.groupSave]: () => 'site_group.save',
  [SITE_PATHS.groupDelete]: () => 'site_group.delete',
  [SITE_PATHS.groupAssign]: () => 'site_group.assign',
  [SITE_SETTINGS_PATHS.save]: (body) => `site.settings.${String(body.section)}`,
  [SITE_SETTINGS_PATHS.rollback]: () => 'site.rollback',
  [SITE_ADMIN_PATHS.planMove]: () => 'site.plan_move',
  [SITE_REDIRECT_PATHS.rewriteSave]: () => 'rewrite.save',
  [SITE_REDIRECT_PATHS.rewriteDelete]: () => 'rewrite.delete',
  [SITE_REDIRECT_PATHS.rewriteMove]: () => 'rewrite.move',
  [SITE_REDIRECT_PATHS.forceSave]: () => 'force.save',
  [SITE_REDIRECT_PATHS.forceDelete]: () => 'force.delete',
  [CERTIFICATE_PATHS.upload]: () => 'certificate.upload',
  [CERTIFICATE_PATHS.apply]: () => 'certificate.apply',
  [CERTIFICATE_PATHS.renew]: () => 'certificate.renew',
  [CERTIFICATE_PATHS.delete]: () => 'certificate.delete',
  [PURGE_PATHS.submit]: () => 'purge.submit',
  [STREAM_PATHS.save]: () => 'stream.save',
  [STREAM_PATHS.status]: (body) => `stream.${String(body.action)}`,
  [WAF_PATHS.save]: () => 'waf.save',
  [WAF_PATHS.delete]: () => 'waf.delete',
  [WAF_PATHS.status]: () => 'waf.status',
  [WAF_PATHS.order]: () => 'waf.order',
  [WAF_PATHS.preset]: () => 'waf.preset',
};

/** A customer's change to their sites (settings and URL forwarding too), certificates, cache or layer-4 rules. */
export const isCustomerResourceWrite = (path: string): boolean => Object.hasOwn(OPERATIONS, path);

/** The contract path of the route a request reached (no /api/ prefix). */
export function pathOf(request: FastifyRequest): string {
  return (request.routeOptions.url ?? '').replace(/^\/api\//, '');
}

/** At most this many ids or domains are kept with a row. */
const LIST_MAX = 20;

const list = (value: unknown) => (Array.isArray(value) ? value.slice(0, LIST_MAX).map(String) : undefined);

/** What identifies the change: the id it named, the ids, or the new thing's id. */
function targetOf(action: string, body: Body, data: Body | undefined): string | undefined {
  const id = body.id ?? data?.id;
  const ids = list(body.ids) ?? list(body.siteIds);
  const what = action.split('.')[0];
  if (typeof id === 'number' || typeof id === 'string') return `${what}:${id}`;
  return ids ? `${what}:${ids.join(',')}` : undefined;
}

/** A few facts worth reading later: domains, names, how many entries. Never a secret. */
function detailOf(body: Body, data: Body | undefined): Record<string, unknown> {
  const detail: Record<string, unknown> = {};
  const domain = body.domain ?? data?.domain;
  if (typeof domain === 'string') detail.domain = domain;
  const domains = list(body.domains);
  if (domains) detail.domains = domains;
  if (typeof body.name === 'string') detail.name = body.name;
  if (typeof body.kind === 'string') detail.kind = body.kind;
  const entries = body.ids ?? body.siteIds;
  if (Array.isArray(entries)) detail.count = entries.length;
  // Purge entries come one per line.
  if (typeof body.entries === 'string')
    detail.count = body.entries.split('\n').filter((l) => l.trim()).length;
  return detail;
}

/** Records each successful customer change listed above in the audit log. */
export function installOperationAudit(app: FastifyInstance, audit: AuditService): void {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    const operation = OPERATIONS[pathOf(request)];
    const principal = request.principal;
    const envelope = payload as { code?: unknown; data?: unknown } | null;
    if (!operation || principal?.kind !== 'customer' || !envelope || !isSuccessCode(envelope.code))
      return payload;
    const body = (request.body ?? {}) as Body;
    const data = (typeof envelope.data === 'object' && envelope.data ? envelope.data : undefined) as
      Body | undefined;
    const action = operation(body);
    await audit.record(principal, callerOf(request).ip, {
      action,
      target: targetOf(action, body, data),
      detail: detailOf(body, data),
    });
    return payload;
  });
}
