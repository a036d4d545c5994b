import {
  ORIGIN_POLICY_KEY,
  originPolicySchema,
  type OriginPolicy,
  type originPolicySaveRequestSchema,
} from '@nimbus/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/database';
import { writeTable } from '../../platform/db/write-table';
import type { Caller } from '../../platform/http/caller';
import type { Jobs } from '../../platform/jobs/jobs';
import { readConfigValue } from '../config/config.read';
import { configRepository } from '../config/config.repository';
import { changeEveryGroupConfig } from '../edge/config-revision';

type Save = z.output<typeof originPolicySaveRequestSchema>;

/**
 * The allow-list. No row (a database from before it existed) or a row edited into another
 * shape reads as empty: the safe answer is "nothing private is allowed".
 */
export async function readOriginPolicy(db: DbOrTx): Promise<OriginPolicy> {
  const parsed = originPolicySchema.safeParse(await readConfigValue(db, ORIGIN_POLICY_KEY));
  return parsed.success ? parsed.data : { allowRanges: [] };
}

/**
 * Every node's bundle carries the allow-list and its agent filters origin addresses with it, so
 * a write to the row (here or through the generic config screen) republishes every group.
 */
export async function republishOnOriginPolicy(
  tx: DbOrTx,
  jobs: Jobs,
  paramKeys: readonly string[],
): Promise<void> {
  if (paramKeys.includes(ORIGIN_POLICY_KEY)) await changeEveryGroupConfig(tx, jobs);
}

export function originPolicyService(ctx: Pick<AppContext, 'db' | 'audit' | 'changes' | 'jobs'>) {
  return {
    info: () => readOriginPolicy(ctx.db),

    /** Creates the row on first save, so no seed or migration has to know about it. */
    async save(request: Save, admin: Actor, caller: Caller): Promise<OriginPolicy> {
      const value: OriginPolicy = { allowRanges: request.allowRanges };
      return writeTable(ctx, 'sys_config', async (tx) => {
        const repo = configRepository(tx);
        const current = await repo.byKeyForUpdate(ORIGIN_POLICY_KEY);
        const before = current ? await readOriginPolicy(tx) : { allowRanges: [] };
        const paramValue = JSON.stringify(value);
        if (current) await repo.update(current.id, { paramValue });
        else
          await repo.insert({
            paramKey: ORIGIN_POLICY_KEY,
            paramValue,
            remark: 'Origin allow-list: private ranges edge nodes may connect to',
            status: 1,
          });
        await ctx.audit.record(
          admin,
          caller.ip,
          {
            action: 'originPolicy.save',
            target: ORIGIN_POLICY_KEY,
            detail: { before: before.allowRanges, after: value.allowRanges },
          },
          tx,
        );
        await republishOnOriginPolicy(tx, ctx.jobs, [ORIGIN_POLICY_KEY]);
        return value;
      });
    },
  };
}
