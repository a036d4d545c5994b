import type { FastifyInstance } from 'fastify';
import { isCustomerResourceWrite, pathOf } from '../../platform/audit/operation-audit';
import type { AppContext } from '../../platform/context';
import { forbidden } from '../../platform/http/app-error';
import { readWebConfigSection } from './web-config.service';

/**
 * Spec §2 web config power.disabledCrud = 1: a read-only demonstration platform. Customers may
 * look at everything but not add, change or delete their sites, certificates, cache tasks or
 * forwarding rules; their console says so in a banner.
 */
export function installReadOnlyMode(api: FastifyInstance, ctx: Pick<AppContext, 'db'>): void {
  // Before the body is checked: the answer is the mode, not a field of a request it refuses anyway.
  api.addHook('preValidation', async (request) => {
    if (request.principal?.kind !== 'customer' || !isCustomerResourceWrite(pathOf(request))) return;
    if ((await readWebConfigSection(ctx.db, 'power')).disabledCrud === 1) throw forbidden('power.readOnly');
  });
}
