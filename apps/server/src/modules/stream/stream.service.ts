import type { Page, StreamRule, streamSaveRequestSchema } from '@nimbus/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context';
import type { DbTx } from '../../platform/db/database';
import { violatedUniqueConstraint } from '../../platform/db/unique';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import { changeGroupConfig } from '../edge/config-revision';
import { nodeRepository } from '../edge/node.repository';
import { reservedPortAmong } from '../edge/reserved-ports';
import { toStreamRule } from './stream.mapper';
import { streamRepository, type ListedStreamRow, type StreamFilter } from './stream.repository';
import { pageOf } from '../../platform/db/paging';
import { guardOrigins } from '../origin-policy/origin-guard';
import { checkStreamPortRoom } from '../plan/plan-quota';

type Save = z.output<typeof streamSaveRequestSchema>;
export type StreamAction = 'enable' | 'disable' | 'delete';

const PORT_UNIQUE = 'stream_rules_group_port_unique';

/**
 * A customer's layer-4 forwarding rules. A rule's port is taken on every node of its group, so
 * it must be free of other rules (the unique key) and of the group's sites. Every change takes
 * the group's next revision and queues a publish (ADR 0011).
 */
export function streamService(ctx: Pick<AppContext, 'db' | 'jobs' | 'config'>) {
  const { db, jobs } = ctx;
  const repo = streamRepository(db);

  async function present(rows: ListedStreamRow[]): Promise<StreamRule[]> {
    const addresses = await repo.nodeAddresses(rows.map((r) => r.nodeGroupId));
    return rows.map((row) => toStreamRule(row, addresses.get(row.nodeGroupId) ?? []));
  }

  async function mustOwn(customerId: number, ids: readonly number[]): Promise<ListedStreamRow[]> {
    const unique = [...new Set(ids)];
    const rows = await repo.byIds(customerId, unique);
    if (rows.length !== unique.length) throw notFound();
    return rows;
  }

  /** Called after the group's revision is taken: its row lock orders this against site changes. */
  async function checkPortFree(tx: DbTx, groupId: number, port: number) {
    if (await streamRepository(tx).portUsedBySites(groupId, port))
      throw conflict('stream.portReserved', { port });
    if ((await reservedPortAmong(tx, groupId, ctx.config.port, [port])) !== undefined)
      throw conflict('stream.portReservedByNode', { port });
  }

  const columns = (r: Save) => ({
    name: r.name,
    protocol: r.protocol,
    listenPort: r.listenPort,
    balance: r.balance,
    origins: r.origins,
    connectTimeoutSeconds: r.connectTimeoutSeconds,
    enabled: r.enabled,
  });

  async function create(customerId: number, request: Save): Promise<number> {
    return db.transaction(async (tx) => {
      const group = await nodeRepository(tx).defaultGroup();
      if (!group) throw badRequest('edge.noGroup');
      // Plans are locked before the group's revision, in the order a site creation takes them.
      // An edit needs no room: a rule listens on one port, disabled or not, so it never adds one.
      await checkStreamPortRoom(tx, customerId);
      const revision = await changeGroupConfig(tx, jobs, group.id);
      await checkPortFree(tx, group.id, request.listenPort);
      return streamRepository(tx).insert({
        customerId,
        nodeGroupId: group.id,
        revision,
        ...columns(request),
      });
    });
  }

  async function update(customerId: number, id: number, request: Save): Promise<number> {
    const [before] = await mustOwn(customerId, [id]);
    const groupId = before!.nodeGroupId;
    await db.transaction(async (tx) => {
      const revision = await changeGroupConfig(tx, jobs, groupId);
      await checkPortFree(tx, groupId, request.listenPort);
      await streamRepository(tx).update(customerId, id, { ...columns(request), revision });
    });
    return id;
  }

  return {
    async list(customerId: number, filter: StreamFilter): Promise<Page<StreamRule>> {
      const { rows, total } = await repo.list(customerId, filter);
      return pageOf(await present(rows), total, filter);
    },

    async info(customerId: number, id: number): Promise<StreamRule> {
      return (await present(await mustOwn(customerId, [id])))[0]!;
    },

    /** Creates the rule on the default node group, or updates one (it stays on its group). */
    async save(customerId: number, request: Save): Promise<StreamRule> {
      // A foreign id answers 404 before anything about its targets is said.
      if (request.id !== undefined) await mustOwn(customerId, [request.id]);
      await guardOrigins(ctx, request.origins);
      const id = await (
        request.id === undefined ? create(customerId, request) : update(customerId, request.id, request)
      ).catch((error: unknown) => {
        if (violatedUniqueConstraint(error) === PORT_UNIQUE)
          throw conflict('stream.portTaken', { port: request.listenPort });
        throw error;
      });
      return this.info(customerId, id);
    },

    /** Enable, disable or delete several rules, all or nothing; each group involved republishes once. */
    async bulkAction(customerId: number, ids: number[], action: StreamAction): Promise<number> {
      const rows = await mustOwn(customerId, ids);
      await db.transaction(async (tx) => {
        const txRepo = streamRepository(tx);
        for (const groupId of new Set(rows.map((r) => r.nodeGroupId))) {
          const revision = await changeGroupConfig(tx, jobs, groupId);
          const inGroup = rows.filter((r) => r.nodeGroupId === groupId);
          if (action === 'delete') {
            const doomed = inGroup.map((r) => r.id);
            await txRepo.delete(customerId, doomed);
            continue;
          }
          for (const r of inGroup) {
            // A site may have taken the port while the rule was off.
            if (action === 'enable') await checkPortFree(tx, groupId, r.listenPort);
            await txRepo.update(customerId, r.id, { enabled: action === 'enable', revision });
          }
        }
      });
      return rows.length;
    },
  };
}
