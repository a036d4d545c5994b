import {
  BANDWIDTH_SAMPLE_SECONDS,
  CACHE_HIT_STATUSES,
  DEFAULT_UTC_OFFSET_MINUTES,
  type TopDimension,
} from '@nimbus/contract';
import type { LoggedRequest } from './log-line';

/** A request as stored: the line, whose node and customer it is, and where its client is. */
export interface StoredRequest extends LoggedRequest {
  nodeId: number;
  customerId: number;
  region: string;
  isp: string;
}

export interface Counters {
  requests: number;
  bytesOut: number;
  bytesIn: number;
  originBytes: number;
  hits: number;
  misses: number;
  s2xx: number;
  s3xx: number;
  s4xx: number;
  s5xx: number;
  requestMs: number;
}
export const COUNTER_NAMES = Object.keys(zeroCounters()) as (keyof Counters)[];

export function zeroCounters(): Counters {
  return {
    requests: 0,
    bytesOut: 0,
    bytesIn: 0,
    originBytes: 0,
    hits: 0,
    misses: 0,
    s2xx: 0,
    s3xx: 0,
    s4xx: 0,
    s5xx: 0,
    requestMs: 0,
  };
}

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const OFFSET = DEFAULT_UTC_OFFSET_MINUTES * MINUTE;
export const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step;
/** The start of the display time zone's day (spec §9: +8 h) an instant is in. */
export const displayDayStart = (ms: number) => floorTo(ms + OFFSET, DAY) - OFFSET;

/** What a top list counts a request under, per dimension; empty keys are left out. */
const TOP_KEYS: Readonly<Record<TopDimension, (r: StoredRequest) => string>> = {
  url: (r) => r.uri.split('?', 1)[0]!.slice(0, 1024),
  referer: (r) => r.referer.slice(0, 1024),
  clientIp: (r) => r.clientIp,
  userAgent: (r) => r.userAgent.slice(0, 512),
  region: (r) => r.region,
  isp: (r) => r.isp,
  status: (r) => String(r.status),
};
const DIMENSIONS = Object.keys(TOP_KEYS) as TopDimension[];

export interface TopCount {
  requests: number;
  bytes: number;
}

/** The rollups of one batch, keyed so that equal keys merge (the store adds them to what it has). */
export interface Rollups {
  minutes: Map<string, { siteId: number; at: number; counters: Counters }>;
  hours: Map<string, { siteId: number; at: number; counters: Counters }>;
  codes: Map<string, { siteId: number; at: number; status: number; requests: number }>;
  topHours: Map<string, { siteId: number; at: number; dimension: TopDimension; key: string } & TopCount>;
  topDays: Map<string, { siteId: number; at: number; dimension: TopDimension; key: string } & TopCount>;
  bandwidth: Map<string, { customerId: number; at: number; bytesOut: number; requests: number }>;
  nodeMinutes: Map<string, { nodeId: number; at: number; requests: number; bytesOut: number }>;
}

function count(counters: Counters, r: StoredRequest) {
  counters.requests += 1;
  counters.bytesOut += r.bytesOut;
  counters.bytesIn += r.bytesIn;
  counters.originBytes += r.originBytes;
  if (CACHE_HIT_STATUSES.includes(r.cache)) counters.hits += 1;
  else counters.misses += 1;
  const statusClass = Math.floor(r.status / 100);
  if (statusClass === 2) counters.s2xx += 1;
  else if (statusClass === 3) counters.s3xx += 1;
  else if (statusClass === 4) counters.s4xx += 1;
  else if (statusClass === 5) counters.s5xx += 1;
  counters.requestMs += r.requestMs;
}

function upsert<V>(map: Map<string, V>, key: string, make: () => V): V {
  let value = map.get(key);
  if (!value) map.set(key, (value = make()));
  return value;
}

/** Sums a batch's requests into every rollup the store keeps (pure: the store writes them). */
export function rollUp(requests: readonly StoredRequest[]): Rollups {
  const rollups: Rollups = {
    minutes: new Map(),
    hours: new Map(),
    codes: new Map(),
    topHours: new Map(),
    topDays: new Map(),
    bandwidth: new Map(),
    nodeMinutes: new Map(),
  };
  for (const r of requests) {
    const ms = r.at.getTime();
    const minute = floorTo(ms, MINUTE);
    const hour = floorTo(ms, HOUR);
    const day = displayDayStart(ms);
    const site = r.siteId;
    count(
      upsert(rollups.minutes, `${site}|${minute}`, () => ({
        siteId: site,
        at: minute,
        counters: zeroCounters(),
      })).counters,
      r,
    );
    count(
      upsert(rollups.hours, `${site}|${hour}`, () => ({ siteId: site, at: hour, counters: zeroCounters() }))
        .counters,
      r,
    );
    upsert(rollups.codes, `${site}|${hour}|${r.status}`, () => ({
      siteId: site,
      at: hour,
      status: r.status,
      requests: 0,
    })).requests++;
    for (const dimension of DIMENSIONS) {
      const key = TOP_KEYS[dimension](r);
      if (key === '') continue;
      for (const [map, at] of [
        [rollups.topHours, hour],
        [rollups.topDays, day],
      ] as const) {
        const top = upsert(map, `${site}|${dimension}|${at}|${key}`, () => ({
          siteId: site,
          at,
          dimension,
          key,
          requests: 0,
          bytes: 0,
        }));
        top.requests += 1;
        top.bytes += r.bytesOut;
      }
    }
    const sample = floorTo(ms, BANDWIDTH_SAMPLE_SECONDS * 1000);
    const bandwidth = upsert(rollups.bandwidth, `${r.customerId}|${sample}`, () => ({
      customerId: r.customerId,
      at: sample,
      bytesOut: 0,
      requests: 0,
    }));
    bandwidth.bytesOut += r.bytesOut;
    bandwidth.requests += 1;
    const node = upsert(rollups.nodeMinutes, `${r.nodeId}|${minute}`, () => ({
      nodeId: r.nodeId,
      at: minute,
      requests: 0,
      bytesOut: 0,
    }));
    node.requests += 1;
    node.bytesOut += r.bytesOut;
  }
  return rollups;
}
