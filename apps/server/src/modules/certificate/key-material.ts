import type { AppContext } from '../../platform/context';
import { certificateRepository } from './certificate.repository';

/**
 * A certificate's private key, unsealed, for the bundle of a node whose sites use it: the only
 * place a key ever leaves the database, and only in answer to that node's own token.
 */
export function certificateKeyMaterial(ctx: Pick<AppContext, 'db' | 'secrets'>) {
  return async (certificateId: number): Promise<string | undefined> => {
    const row = await certificateRepository(ctx.db).anyById(certificateId);
    return row?.keySealed ? ctx.secrets.open(row.keySealed) : undefined;
  };
}
