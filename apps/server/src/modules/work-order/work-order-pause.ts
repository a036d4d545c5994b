import type { FastifyReply } from 'fastify';
import type { DbOrTx } from '../../platform/db/database';
import { forbidden } from '../../platform/http/app-error';
import { readWebConfigSection } from '../web-config/web-config.service';

/**
 * Web config power.stopWork = 1 pauses work orders: no new ones can be filed. The spec says
 * nothing of the ones already open, so supplements, appeals and closing go on; otherwise a
 * customer mid-conversation would be cut off with no way to answer support.
 */
export async function refuseWhenWorkOrdersPaused(db: DbOrTx): Promise<void> {
  if ((await readWebConfigSection(db, 'power')).stopWork === 1) throw forbidden('workOrder.paused');
}

/**
 * The same refusal as an onRequest hook, so a paused submit is answered before its images are
 * uploaded; the connection is closed rather than drained of a body nobody will read.
 */
export function workOrdersPausedHook(db: DbOrTx) {
  return async (_request: unknown, reply: FastifyReply): Promise<void> => {
    try {
      await refuseWhenWorkOrdersPaused(db);
    } catch (error) {
      reply.header('connection', 'close');
      throw error;
    }
  };
}
