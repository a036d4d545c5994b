import {
  DNS_LIMITS,
  dnsRecordInputSchema,
  type DnsImportResult,
  type DnsLine,
  type DnsRecord,
  type DnsRecordType,
  type Page,
} from '@nimbus/contract';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/database';
import { pageOf } from '../../platform/db/paging';
import { tableCache } from '../../platform/db/row-cache';
import { writeTable } from '../../platform/db/write-table';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import { dnsRecordRepository, dnsZoneRepository, type NewDnsRecord } from './dns-zone.repository';
import type { DnsRecordRow, DnsZoneRow } from './dns-zone.schema';
import { authoritativeOf, refusal, toDnsRecord } from './dns-zone.service';
import { dnsLinesService } from '../dns-lines/dns-lines.service';
import { checkRecordQuota } from './dns-quota';
import { rrsetsFor, setKey, usesLines } from './rrsets';
import { parseZoneFile, renderZoneFile } from './zone-file';

type Context = Pick<AppContext, 'db' | 'dns' | 'changes'>;

/** A record as the request gives it, parsed by the contract's schema. */
export interface RecordValues {
  hostRecord: string;
  recordType: DnsRecordType;
  lineType: DnsLine;
  recordValue: string;
  ttl: number;
  priority: number | null;
  remark: string;
}

const columnsOf = (zoneId: number, values: RecordValues): NewDnsRecord => {
  const prioritised = values.recordType === 'MX' || values.recordType === 'SRV';
  return {
    zoneId,
    host: values.hostRecord,
    type: values.recordType,
    line: values.lineType,
    value:
      values.recordType === 'CNAME' || values.recordType === 'NS' || values.recordType === 'MX'
        ? values.recordValue.toLowerCase().replace(/\.$/, '')
        : values.recordValue,
    ttl: values.ttl,
    priority: prioritised ? values.priority : null,
    enabled: true,
    remark: values.remark,
  };
};

type RecordIdentity = Pick<DnsRecordRow, 'host' | 'type' | 'line' | 'value'>;

const sameRecord = (a: RecordIdentity, b: RecordIdentity) =>
  a.host === b.host && a.type === b.type && a.line === b.line && a.value === b.value;

/**
 * The rules a record set must keep, checked against every record the zone has at that host
 * (`others` leaves out the one being edited): the apex keeps its SOA and NS, a CNAME stands
 * alone, and no record is there twice.
 */
function checkAgainst(record: NewDnsRecord, others: readonly RecordIdentity[]) {
  const { host } = record;
  if (host === '@' && record.type === 'CNAME') throw badRequest('dns.apexCname');
  if (host === '@' && record.type === 'NS') throw badRequest('dns.apexNs');
  const here = others.filter((other) => other.host === host);
  if (record.type === 'CNAME' && here.length) throw conflict('dns.cnameConflict', { host });
  if (record.type !== 'CNAME' && here.some((other) => other.type === 'CNAME'))
    throw conflict('dns.conflictWithCname', { host });
  if (here.some((other) => sameRecord(other, record))) throw conflict('dns.recordRepeated', { host });
}

/** The records of one zone; every change is answered by PowerDNS before it commits. */
export function dnsRecordService(ctx: Context) {
  const { db } = ctx;
  const lines = dnsLinesService(ctx);
  // Each filter's total, kept in process and forgotten on any write to the records (the table's
  // trigger, migration 0015; this service's own writes at once through writeTable): counting a
  // 100,000-record zone costs far more than reading its page.
  const totals = tableCache<string, number>(ctx.changes, 'dns_records', {
    ttlMs: 60_000,
    maxEntries: 10_000,
  });

  /** Locks the customer's zone for a change (404 for another's). */
  async function lockZone(tx: DbOrTx, customerId: number, zoneId: number): Promise<DnsZoneRow> {
    const zone = await dnsZoneRepository(tx).lock(customerId, zoneId);
    if (!zone) throw notFound();
    return zone;
  }

  /** Sends the record sets of `keys` (host + type), as they now are in `tx`, to PowerDNS. */
  async function sync(tx: DbOrTx, zone: DnsZoneRow, keys: string[]) {
    // A paused zone is not in PowerDNS; its records go there when it is enabled again.
    if (!zone.enabled || !keys.length) return;
    const hosts = keys.map((key) => key.split('\u0000')[0]!);
    const records = await dnsRecordRepository(tx).atHosts(zone.id, hosts);
    const lineLibrary = usesLines(records) ? await lines.library() : null;
    await authoritativeOf(ctx)
      .patchRRsets(zone.name, rrsetsFor(zone.name, keys, records, lineLibrary))
      .catch(refusal);
  }

  /**
   * Adds `records` in one transaction after checking each against the zone and the ones before
   * it. With `skipRepeated`, a record the zone has already is left out instead of refused.
   */
  async function addAll(customerId: number, zoneId: number, records: RecordValues[], skipRepeated: boolean) {
    authoritativeOf(ctx);
    return writeTable(ctx, 'dns_records', async (tx) => {
      const zone = await lockZone(tx, customerId, zoneId);
      const repo = dnsRecordRepository(tx);
      const rows = records.map((record) => columnsOf(zone.id, record));
      const existing = await repo.atHosts(
        zone.id,
        rows.map((row) => row.host),
      );
      const added: NewDnsRecord[] = [];
      const repeated: number[] = [];
      for (const [index, row] of rows.entries()) {
        const seen = [...existing, ...added];
        if (skipRepeated && seen.some((other) => sameRecord(other, row))) {
          repeated.push(index);
          continue;
        }
        checkAgainst(row, seen);
        added.push(row);
      }
      await checkRecordQuota(tx, customerId, zone.id, added, added.length);
      if (added.length) await repo.insert(added);
      await sync(
        tx,
        zone,
        added.map((row) => setKey(row.host, row.type)),
      );
      return { added, repeated };
    });
  }

  return {
    async list(
      customerId: number,
      query: { zoneId: number; keyword?: string; recordType?: DnsRecordType; page: number; limit: number },
    ): Promise<Page<DnsRecord>> {
      const { rows, total } = await dnsRecordRepository(db).page(query.zoneId, customerId, query, totals);
      // No row: an empty page of their own zone, or another customer's zone (404).
      if (!rows.length && !(await dnsZoneRepository(db).owned(customerId, [query.zoneId])).length)
        throw notFound();
      return pageOf(rows.map(toDnsRecord), total, query);
    },

    async save(
      customerId: number,
      request: RecordValues & { zoneId: number; id?: number },
    ): Promise<DnsRecord> {
      authoritativeOf(ctx);
      const saved = await writeTable(ctx, 'dns_records', async (tx) => {
        const zone = await lockZone(tx, customerId, request.zoneId);
        const repo = dnsRecordRepository(tx);
        const columns = columnsOf(zone.id, request);
        const existing = request.id === undefined ? undefined : (await repo.byIds(zone.id, [request.id]))[0];
        if (request.id !== undefined && !existing) throw notFound();
        const others = (await repo.atHosts(zone.id, [columns.host])).filter(
          (other) => other.id !== request.id,
        );
        checkAgainst(columns, others);
        await checkRecordQuota(tx, customerId, zone.id, [columns], existing ? 0 : 1);
        const row = existing
          ? await repo.update(existing.id, { ...columns, enabled: existing.enabled })
          : (await repo.insert([columns]))[0]!;
        const keys = [setKey(row.host, row.type)];
        if (existing) keys.push(setKey(existing.host, existing.type));
        await sync(tx, zone, keys);
        return row;
      });
      return toDnsRecord(saved);
    },

    /** Adds many records at once: all of them, or none (a refusal names the record's host). */
    bulkAdd: async (customerId: number, zoneId: number, records: RecordValues[]) =>
      (await addAll(customerId, zoneId, records, false)).added.length,

    /**
     * Imports a BIND zone file: all of its records, or none. Records the zone has already are
     * skipped (importing a file twice adds nothing), as are the platform's own SOA and NS.
     */
    async import(customerId: number, zoneId: number, text: string): Promise<DnsImportResult> {
      const [zone] = await dnsZoneRepository(db).owned(customerId, [zoneId]);
      if (!zone) throw notFound();
      const parsed = parseZoneFile(text, zone.name);
      const [error] = parsed.errors;
      if (error) throw badRequest('dns.importLine', { line: error.line, reason: error.reason });
      if (parsed.records.length > DNS_LIMITS.importMax)
        throw badRequest('dns.importTooMany', { max: DNS_LIMITS.importMax });
      const records = parsed.records.map((record) => {
        const checked = dnsRecordInputSchema.safeParse(record);
        if (!checked.success)
          throw badRequest('dns.importInvalid', {
            line: record.line,
            field: { field: String(checked.error.issues[0]?.path.at(-1) ?? 'recordValue') },
          });
        return { line: record.line, values: checked.data };
      });
      const { added, repeated } = await addAll(
        customerId,
        zoneId,
        records.map((record) => record.values),
        true,
      );
      if (!added.length && !repeated.length) throw badRequest('dns.importEmpty');
      return {
        added: added.length,
        skipped: [
          ...parsed.skipped,
          ...repeated.map((index) => ({
            line: records[index]!.line,
            reason: 'the zone has this record already',
          })),
        ].sort((a, b) => a.line - b.line),
      };
    },

    async export(customerId: number, zoneId: number): Promise<{ filename: string; text: string }> {
      const [zone] = await dnsZoneRepository(db).owned(customerId, [zoneId]);
      if (!zone) throw notFound();
      const records = await dnsRecordRepository(db).all(zone.id);
      return { filename: `${zone.name}.zone`, text: renderZoneFile(zone.name, records, new Date()) };
    },

    async bulkAction(
      customerId: number,
      zoneId: number,
      ids: number[],
      action: 'enable' | 'disable' | 'delete',
    ) {
      authoritativeOf(ctx);
      return writeTable(ctx, 'dns_records', async (tx) => {
        const zone = await lockZone(tx, customerId, zoneId);
        const repo = dnsRecordRepository(tx);
        const rows = await repo.byIds(zone.id, ids);
        if (rows.length !== new Set(ids).size) throw notFound();
        if (action === 'delete') await repo.delete(zone.id, ids);
        else await repo.setEnabled(zone.id, ids, action === 'enable');
        await sync(
          tx,
          zone,
          rows.map((row) => setKey(row.host, row.type)),
        );
        return rows.length;
      });
    },
  };
}
