import {
  ipFromBig,
  RECURSIVE_LIMITS,
  RECURSIVE_MODE,
  segmentsOverlap,
  type ForwardRule,
  type IpSegment,
  type IpSegmentRow,
  type RecursiveDetail,
  type RecursiveSave,
  type RecursorState,
  type recursiveDetailRequestSchema,
} from '@nimbus/contract';
import type { z } from 'zod';
import { RecursorError, type RecursorClient } from '../../integrations/pdns-recursor/client';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { DbTx } from '../../platform/db/database';
import { violatedUniqueConstraint } from '../../platform/db/unique';
import { RECURSOR_INSTALL } from '../../platform/dns-servers';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { pageOf } from '../../platform/db/paging';
import { desiredState, pushState } from './recursive-dns.apply';
import { MODE_FORWARD, MODE_SEGMENT, recursiveDnsRepository, type NewRule } from './recursive-dns.repository';
import type { DnsRecursiveRuleRow, DnsRecursiveStatusRow } from './recursive-dns.schema';

type DetailRequest = z.output<typeof recursiveDetailRequestSchema>;
type SegmentSave = Extract<RecursiveSave, { mode: 2 }>;
type ForwardSave = Extract<RecursiveSave, { mode: 6 }>;
type RecursionSave = Extract<RecursiveSave, { mode: 1 }>;

const ENTRY_UNIQUE = 'dns_recursive_rules_entry_unique';

const toStatus = (row: Pick<DnsRecursiveStatusRow, 'recursiveEnable' | 'forwardEnable' | 'rootIps'>) => ({
  recursive_enable: row.recursiveEnable,
  forward_enable: row.forwardEnable,
  recursive_root_ips: row.rootIps,
});

function toSegment(row: DnsRecursiveRuleRow): IpSegmentRow {
  const family = row.family as 4 | 6;
  return {
    id: row.id,
    mode: RECURSIVE_MODE.segment,
    type: row.type,
    family,
    sourceIpS: ipFromBig(family, BigInt(row.sourceIpS!)),
    sourceIpE: ipFromBig(family, BigInt(row.sourceIpE!)),
    segment: row.entry,
    remark: row.remark,
    createTime: row.createdAt.toISOString(),
  };
}

const toForward = (row: DnsRecursiveRuleRow): ForwardRule => ({
  id: row.id,
  mode: RECURSIVE_MODE.forward,
  targetValue: row.entry,
  rootIps: row.servers ?? [],
  recursionDesired: row.recursionDesired,
  remark: row.remark,
  createTime: row.createdAt.toISOString(),
});

const segmentColumns = (segment: IpSegment, type: number, remark: string): NewRule => ({
  mode: MODE_SEGMENT,
  type,
  entry: segment.text,
  family: segment.family,
  sourceIpS: segment.start.toString(),
  sourceIpE: segment.end.toString(),
  remark,
});

/**
 * Recursive DNS and forwarding (spec §4, issue 9 §4). Nimbus's tables are the source of truth;
 * every change is sent to PowerDNS Recursor inside the change's transaction, so a refusal rolls
 * it back (ADR 0022), and the committed state is sent again to undo what got through.
 */
export function recursiveDnsService(ctx: Pick<AppContext, 'db' | 'audit' | 'dns'>) {
  const { db } = ctx;
  const repo = recursiveDnsRepository(db);

  function readyClient(): RecursorClient {
    const recursor = ctx.dns.recursor;
    if (recursor.state !== 'ready')
      throw badRequest('recursive.missing', { reason: recursor.reason, install: recursor.install });
    return recursor.client;
  }

  async function recursorState(): Promise<RecursorState> {
    const recursor = ctx.dns.recursor;
    if (recursor.state !== 'ready') return recursor;
    try {
      const server = await recursor.client.server();
      return {
        state: 'ready',
        version: server.version,
        dns: `${recursor.dns.host}:${recursor.dns.port}`,
        rootHintsSettable: recursor.client.rootHintsSettable,
      };
    } catch (error) {
      return { state: 'missing', reason: (error as Error).message, install: RECURSOR_INSTALL };
    }
  }

  /** One change: rows and audit in a transaction that commits only once the Recursor took it. */
  async function change<T>(
    work: (tx: DbTx, status: DnsRecursiveStatusRow) => Promise<{ result: T; rootHints?: boolean }>,
  ): Promise<T> {
    const client = readyClient();
    let sent = false;
    let rootHints = false;
    try {
      return await db.transaction(async (tx) => {
        const status = await recursiveDnsRepository(tx).lockStatus();
        const done = await work(tx, status);
        rootHints = done.rootHints ?? false;
        sent = true;
        await pushState(client, await desiredState(tx), { rootHints });
        return done.result;
      });
    } catch (error) {
      if (sent) await pushState(client, await desiredState(db), { rootHints }).catch(() => {});
      if (error instanceof RecursorError)
        throw badRequest(
          rootHints && !client.rootHintsSettable ? 'recursive.rootHintsFixed' : 'recursive.refused',
          {
            detail: error.detail,
          },
        );
      if (error instanceof TypeError || (error as Error).name === 'TimeoutError')
        throw badRequest('recursive.refused', { detail: (error as Error).message });
      throw error;
    }
  }

  async function checkSegments(tx: DbTx, segments: readonly IpSegment[], exceptId?: number) {
    const existing = (await recursiveDnsRepository(tx).byMode(MODE_SEGMENT)).filter(
      (row) => row.id !== exceptId,
    );
    if (existing.length + segments.length > RECURSIVE_LIMITS.segments)
      throw badRequest('recursive.tooMany', { max: RECURSIVE_LIMITS.segments });
    for (const segment of segments) {
      const other = existing.find((row) =>
        segmentsOverlap(segment, {
          family: row.family as 4 | 6,
          start: BigInt(row.sourceIpS!),
          end: BigInt(row.sourceIpE!),
        }),
      );
      if (other)
        throw badRequest('recursive.segmentOverlapExisting', {
          value: segment.text,
          other: other.entry,
          field: { field: 'segments' },
        });
    }
  }

  async function saveRecursion(request: RecursionSave, admin: Actor, caller: Caller) {
    return change(async (tx, before) => {
      const patch = {
        ...(request.recursive_enable === undefined ? {} : { recursiveEnable: request.recursive_enable }),
        ...(request.forward_enable === undefined ? {} : { forwardEnable: request.forward_enable }),
        ...(request.rootIps === undefined ? {} : { rootIps: request.rootIps }),
      };
      const row = await recursiveDnsRepository(tx).updateStatus(patch);
      await ctx.audit.record(admin, caller.ip, { action: 'recursive.status', detail: toStatus(row) }, tx);
      const rootHints = request.rootIps !== undefined && request.rootIps.join() !== before.rootIps.join();
      return { result: [] as number[], rootHints };
    });
  }

  async function saveSegments(request: SegmentSave, admin: Actor, caller: Caller) {
    return change(async (tx, status) => {
      if (status.recursiveEnable !== 1) throw badRequest('recursive.recursionOff');
      const txRepo = recursiveDnsRepository(tx);
      let ids: number[];
      if (request.id !== undefined) {
        // One line, or "all" (its IPv4 and IPv6 halves): the row takes the first, the rest are added.
        const [first, ...rest] = request.segments;
        await checkSegments(tx, request.segments, request.id);
        const row = await txRepo.update(
          request.id,
          MODE_SEGMENT,
          segmentColumns(first!, request.type, request.remark),
        );
        if (!row) throw notFound();
        const added = rest.length
          ? await txRepo.insert(rest.map((segment) => segmentColumns(segment, request.type, request.remark)))
          : [];
        ids = [row.id, ...added.map((r) => r.id)];
      } else {
        await checkSegments(tx, request.segments);
        ids = (
          await txRepo.insert(
            request.segments.map((segment) => segmentColumns(segment, request.type, request.remark)),
          )
        ).map((row) => row.id);
      }
      await ctx.audit.record(
        admin,
        caller.ip,
        {
          action: 'recursive.segment.save',
          target: `recursive:${ids.join(',')}`,
          detail: { segments: request.segments.map((s) => s.text).slice(0, 20), remark: request.remark },
        },
        tx,
      );
      return { result: ids };
    });
  }

  async function saveForward(request: ForwardSave, admin: Actor, caller: Caller) {
    return change(async (tx) => {
      const txRepo = recursiveDnsRepository(tx);
      const columns: NewRule = {
        mode: MODE_FORWARD,
        entry: request.targetValue,
        servers: request.rootIps,
        recursionDesired: request.recursionDesired,
        remark: request.remark,
      };
      let id: number;
      if (request.id !== undefined) {
        const row = await txRepo.update(request.id, MODE_FORWARD, columns);
        if (!row) throw notFound();
        id = row.id;
      } else {
        if ((await txRepo.countByMode(MODE_FORWARD)) >= RECURSIVE_LIMITS.forwards)
          throw badRequest('recursive.tooMany', { max: RECURSIVE_LIMITS.forwards });
        id = (await txRepo.insert([columns]))[0]!.id;
      }
      await ctx.audit.record(
        admin,
        caller.ip,
        {
          action: 'recursive.forward.save',
          target: `recursive:${id}`,
          detail: { zone: request.targetValue, servers: request.rootIps },
        },
        tx,
      );
      return { result: [id] };
    });
  }

  return {
    async detail(request: DetailRequest): Promise<RecursiveDetail> {
      const mode = request.mode === RECURSIVE_MODE.forward ? MODE_FORWARD : MODE_SEGMENT;
      const [status, { rows, total }, recursor] = await Promise.all([
        repo.status(),
        request.mode === RECURSIVE_MODE.recursion
          ? Promise.resolve({ rows: [], total: 0 })
          : repo.list({ ...request, mode }),
        recursorState(),
      ]);
      const list = rows.map((row) => (row.mode === MODE_FORWARD ? toForward(row) : toSegment(row)));
      return { ...pageOf(list, total, request), status: toStatus(status), recursor };
    },

    async save(request: RecursiveSave, admin: Actor, caller: Caller) {
      const ids = await (async () => {
        if (request.mode === RECURSIVE_MODE.recursion) return saveRecursion(request, admin, caller);
        if (request.mode === RECURSIVE_MODE.segment) return saveSegments(request, admin, caller);
        return saveForward(request, admin, caller);
      })().catch((error: unknown) => {
        if (violatedUniqueConstraint(error) === ENTRY_UNIQUE) {
          if (request.mode === RECURSIVE_MODE.forward)
            throw conflict('recursive.forwardExists', { zone: request.targetValue });
          throw badRequest('recursive.segmentOverlap', { value: '', field: { field: 'segments' } });
        }
        throw error;
      });
      return { status: toStatus(await repo.status()), ids };
    },

    /** All or nothing; a segment among them needs recursion on (spec §4). */
    async delete(ids: readonly number[], admin: Actor, caller: Caller): Promise<number> {
      return change(async (tx, status) => {
        const txRepo = recursiveDnsRepository(tx);
        const rows = await txRepo.byIds(ids);
        if (rows.length !== ids.length) throw notFound();
        if (status.recursiveEnable !== 1 && rows.some((row) => row.mode === MODE_SEGMENT))
          throw badRequest('recursive.recursionOff');
        const deleted = await txRepo.deleteByIds(ids);
        await ctx.audit.record(
          admin,
          caller.ip,
          {
            action: 'recursive.delete',
            target: `recursive:${ids.join(',')}`,
            detail: { entries: rows.map((row) => row.entry).slice(0, 20) },
          },
          tx,
        );
        return { result: deleted };
      });
    },

    /**
     * Sends the whole state at start: a fresh DATA_DIR, a restored database or a Recursor that
     * drifted all end up as the tables say. Root hints only where Nimbus runs the Recursor.
     */
    async sync(): Promise<void> {
      const recursor = ctx.dns.recursor;
      if (recursor.state !== 'ready') return;
      await pushState(recursor.client, await desiredState(db), {
        rootHints: recursor.client.rootHintsSettable,
      });
    },
  };
}

export type RecursiveDnsService = ReturnType<typeof recursiveDnsService>;
