import { describe, expect, it } from 'vitest';
import { configView, statusOf, timeAgo, uptimeParts } from './node-state';

const node = { applyState: 'applied' as const, appliedVersion: 7, latestVersion: 7, lastError: '' };
const t = (key: string, options?: Record<string, unknown>) => `${key}:${JSON.stringify(options)}`;

describe('configView', () => {
  it('tells applied, pending and failed apart, and says nothing before the first version', () => {
    expect(configView(node)).toEqual({ kind: 'applied', applied: 7, latest: 7 });
    expect(configView({ ...node, applyState: 'pending', appliedVersion: 6 })).toEqual({
      kind: 'pending',
      applied: 6,
      latest: 7,
    });
    expect(configView({ ...node, applyState: 'failed', lastError: 'nginx: bad' })).toEqual({
      kind: 'failed',
      latest: 7,
      error: 'nginx: bad',
    });
    expect(configView({ ...node, appliedVersion: 0, latestVersion: 0 })).toEqual({ kind: 'none' });
  });
});

describe('statusOf', () => {
  it('tells never connected, offline, degraded and online apart', () => {
    const at = '2025-01-01T00:00:00Z';
    const degraded = { reason: 'nginx-down' as const, detail: '', since: at };
    expect(statusOf({ online: false, lastHeartbeatAt: null, degraded: null })).toBe('never');
    // An offline node's last word on its nginx is stale: offline wins.
    expect(statusOf({ online: false, lastHeartbeatAt: at, degraded })).toBe('offline');
    expect(statusOf({ online: true, lastHeartbeatAt: at, degraded })).toBe('degraded');
    expect(statusOf({ online: true, lastHeartbeatAt: at, degraded: null })).toBe('online');
  });
});

describe('timeAgo', () => {
  const now = Date.parse('2025-01-01T00:10:00Z');
  it('counts the first minute in seconds', () => {
    expect(timeAgo('2025-01-01T00:09:48Z', t, now)).toBe('edgeNodes.ago.seconds:{"count":12}');
    expect(timeAgo('2025-01-01T00:10:03Z', t, now)).toBe('edgeNodes.ago.seconds:{"count":0}');
  });
  it('reads like dayjs after that', () => {
    expect(timeAgo('2025-01-01T00:00:00Z', t, now)).toBe('10 minutes ago');
  });
});

describe('uptimeParts', () => {
  it('splits seconds into days, hours and minutes', () => {
    expect(uptimeParts(90_061)).toEqual({ d: 1, h: 1, m: 1 });
    expect(uptimeParts(59)).toEqual({ d: 0, h: 0, m: 0 });
  });
});
