import { REAL_NAME_GATED_PATHS, realNameRequired } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pathOf } from '../../platform/audit/operation-audit';
import type { AppContext } from '../../platform/context';
import { forbidden } from '../../platform/http/app-error';
import { customers } from '../account/account.schema';
import { readWebConfigSection } from '../web-config/web-config.service';

const GATED = new Set(REAL_NAME_GATED_PATHS);

/**
 * The server's half of the real-name gate (ADR 0040): the console's dialog is a courtesy, this is
 * the rule. A customer not verified while power.realName is on cannot add service or buy it.
 */
export function installRealNameGate(api: FastifyInstance, ctx: Pick<AppContext, 'db'>): void {
  // Before the body is checked: the answer is the rule, not a field of a request it refuses anyway.
  api.addHook('preValidation', async (request) => {
    const principal = request.principal;
    if (principal?.kind !== 'customer' || !GATED.has(pathOf(request))) return;
    if ((await readWebConfigSection(ctx.db, 'power')).realName !== 1) return;
    const [row] = await ctx.db
      .select({ status: customers.realnameStatus })
      .from(customers)
      .where(eq(customers.id, principal.id));
    if (!row || realNameRequired(1, row.status)) throw forbidden('verification.required');
  });
}
