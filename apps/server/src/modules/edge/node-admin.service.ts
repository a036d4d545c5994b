import type {
  EdgeGroup,
  EdgeInstallInfo,
  EdgeNodeDetail,
  EdgeNodeSaved,
  Page,
  EdgeNode,
} from '@nimbus/contract';
import type { edgeGroupSaveRequestSchema, edgeNodeSaveRequestSchema } from '@nimbus/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { DbTx } from '../../platform/db/database';
import { violatedUniqueConstraint } from '../../platform/db/unique';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { changeGroupConfig } from './config-revision';
import { EDGE_PACKAGES, installCommand } from './install-script';
import { newNodeToken } from './node-token';
import { toEdgeGroup, toEdgeNode } from './node.mapper';
import { nodeRepository, type NodeFilter } from './node.repository';
import { pageOf } from '../../platform/db/paging';
import { publicConsoleUrl, requirePublicConsoleUrl } from '../web-config/public-url';

type Paging = { page: number; limit: number; order: 'asc' | 'desc' };
type NodeSave = z.output<typeof edgeNodeSaveRequestSchema>;
type GroupSave = z.output<typeof edgeGroupSaveRequestSchema>;

/** Admin side of the edge: node groups, nodes and their tokens. Every write is audited in its transaction. */
export function nodeAdminService(ctx: Pick<AppContext, 'db' | 'audit' | 'jobs' | 'config'>) {
  const { db, jobs } = ctx;
  const repo = nodeRepository(db);

  async function audited<T>(
    admin: Actor,
    caller: Caller,
    action: string,
    target: string,
    work: (tx: DbTx) => Promise<T>,
  ) {
    return db.transaction(async (tx) => {
      const result = await work(tx);
      await ctx.audit.record(admin, caller.ip, { action, target }, tx);
      return result;
    });
  }

  /**
   * The one-line install command for a fresh token. Without a public console URL the token is
   * still shown once, and the node screen says to set the URL (the command would otherwise carry
   * whatever Host the admin's browser sent).
   */
  async function installCommandFor(token: string): Promise<{ installCommand?: string }> {
    const consoleUrl = await publicConsoleUrl(ctx);
    return consoleUrl ? { installCommand: installCommand(consoleUrl, token) } : {};
  }

  async function mustNode(id: number) {
    const row = await repo.nodeById(id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async listGroups(request: { keyword?: string } & Paging): Promise<Page<EdgeGroup>> {
      const { rows, total } = await repo.listGroups(request);
      return pageOf(rows.map(toEdgeGroup), total, request);
    },

    async saveGroup(request: GroupSave, admin: Actor, caller: Caller): Promise<EdgeGroup> {
      const id = await audited(
        admin,
        caller,
        request.id ? 'edge.group.update' : 'edge.group.create',
        request.name,
        async (tx) => {
          const txRepo = nodeRepository(tx);
          const values = {
            name: request.name,
            remark: request.remark,
            isDefault: request.isDefault,
            reservedPorts: request.reservedPorts,
          };
          const row = request.id
            ? await txRepo.updateGroup(request.id, values)
            : await txRepo.insertGroup(values);
          if (!row) throw notFound();
          if (row.isDefault) await txRepo.clearDefaultExcept(row.id);
          return row.id;
        },
      ).catch((error: unknown) => {
        if (violatedUniqueConstraint(error) === 'edge_groups_name_unique')
          throw conflict('edge.groupNameTaken');
        throw error;
      });
      const { rows } = await repo.listGroups({ page: 1, limit: 200, order: 'desc' });
      return toEdgeGroup(rows.find((r) => r.id === id)!);
    },

    async deleteGroup(id: number, admin: Actor, caller: Caller): Promise<void> {
      await audited(admin, caller, 'edge.group.delete', String(id), async (tx) => {
        const txRepo = nodeRepository(tx);
        const group = await txRepo.groupById(id);
        if (!group) throw notFound();
        const usage = await txRepo.groupUsage(id);
        if (usage.nodes > 0 || usage.sites > 0) throw conflict('edge.groupInUse', usage);
        await txRepo.deleteGroup(id);
      });
    },

    async listNodes(request: NodeFilter & Paging): Promise<Page<EdgeNode>> {
      const { rows, total } = await repo.listNodes(request);
      return pageOf(rows.map(toEdgeNode), total, request);
    },

    async nodeDetail(id: number): Promise<EdgeNodeDetail> {
      const row = await mustNode(id);
      const history = await repo.history(id);
      return {
        ...toEdgeNode(row),
        history: history.map((h) => ({
          version: h.version,
          state: h.state,
          error: h.error,
          at: h.at.toISOString(),
        })),
      };
    },

    /** Create (answers the token once) or update; either way the node's group republishes. */
    async saveNode(request: NodeSave, admin: Actor, caller: Caller): Promise<EdgeNodeSaved> {
      const issued = request.id ? undefined : newNodeToken();
      const values = {
        name: request.name,
        ipv4: request.ipv4,
        ipv6: request.ipv6 ?? '',
        listenAddress: request.listenAddress ?? '',
        groupId: request.groupId,
        line: request.line,
        enabled: request.enabled,
      };
      const id = await audited(
        admin,
        caller,
        request.id ? 'edge.node.update' : 'edge.node.create',
        request.name,
        async (tx) => {
          const txRepo = nodeRepository(tx);
          if (!(await txRepo.groupById(request.groupId)))
            throw badRequest('validation.invalid', { field: { field: 'groupId' } });
          const before = request.id ? await txRepo.nodeById(request.id) : undefined;
          if (request.id && !before) throw notFound();
          const row = request.id
            ? await txRepo.updateNode(request.id, values)
            : await txRepo.insertNode({ ...values, tokenHash: issued!.hash });
          await changeGroupConfig(tx, jobs, row!.groupId);
          if (before && before.groupId !== row!.groupId) await changeGroupConfig(tx, jobs, before.groupId);
          return row!.id;
        },
      ).catch((error: unknown) => {
        if (violatedUniqueConstraint(error) === 'edge_nodes_name_unique')
          throw conflict('edge.nodeNameTaken');
        throw error;
      });
      const node = toEdgeNode(await mustNode(id));
      return issued ? { node, token: issued.token, ...(await installCommandFor(issued.token)) } : { node };
    },

    async deleteNode(id: number, admin: Actor, caller: Caller): Promise<void> {
      await audited(admin, caller, 'edge.node.delete', String(id), async (tx) => {
        const row = await nodeRepository(tx).deleteNode(id);
        if (!row) throw notFound();
      });
    },

    /** A new token; the old one stops working with this commit, so its agent is cut off. */
    async rotateToken(id: number, admin: Actor, caller: Caller): Promise<EdgeNodeSaved> {
      const issued = newNodeToken();
      await audited(admin, caller, 'edge.node.token', String(id), async (tx) => {
        const row = await nodeRepository(tx).updateNode(id, { tokenHash: issued.hash });
        if (!row) throw notFound();
      });
      return {
        node: toEdgeNode(await mustNode(id)),
        token: issued.token,
        ...(await installCommandFor(issued.token)),
      };
    },

    async installParams(): Promise<EdgeInstallInfo> {
      const consoleUrl = await requirePublicConsoleUrl(ctx);
      return {
        consoleUrl,
        installCommand: installCommand(consoleUrl, '<TOKEN>'),
        packages: [...EDGE_PACKAGES],
      };
    },
  };
}
