import type { StreamRule } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { issueFieldName } from '@/shared/forms/form-issues';
import {
  connectAddresses,
  emptyStreamForm,
  hasPendingRules,
  newStreamOrigin,
  originText,
  ruleLabel,
  streamFormOf,
  streamSaveBody,
} from '@/features/stream/lib/stream-form';

const rule: StreamRule = {
  id: 4,
  name: '',
  protocol: 'udp',
  listenPort: 5353,
  balance: 'ip_hash',
  origins: [{ address: '2001:db8::5', port: 53, weight: 3, role: 'main' }],
  connectTimeoutSeconds: 10,
  enabled: false,
  nodeAddresses: ['203.0.113.1', '2001:db8::1'],
  config: { total: 2, applied: 2, pending: 0, failed: 0, failures: [] },
  createdAt: '2025-03-01T02:00:00Z',
};

describe('stream form ↔ contract request', () => {
  it('a new rule sends the spec defaults: TCP, round robin, weight 1, main, 30 s, enabled', () => {
    const parsed = streamSaveBody({
      ...emptyStreamForm(),
      listenPort: '2222',
      origins: [{ ...newStreamOrigin(), address: ' 10.0.0.5 ', port: '22' }],
    });
    expect(parsed).toEqual({
      ok: true,
      body: {
        name: '',
        protocol: 'tcp',
        listenPort: 2222,
        balance: 'round_robin',
        origins: [{ address: '10.0.0.5', port: 22, weight: 1, role: 'main' }],
        connectTimeoutSeconds: 30,
        enabled: true,
      },
    });
  });

  it('an edit sends the id; emptied numbers count as their minimum (spec §5)', () => {
    const values = { ...streamFormOf(rule), connectTimeoutSeconds: null };
    values.origins[0]!.weight = null;
    const parsed = streamSaveBody(values, 4);
    expect(parsed.ok && parsed.body).toMatchObject({
      id: 4,
      protocol: 'udp',
      listenPort: 5353,
      enabled: false,
      connectTimeoutSeconds: 1,
      origins: [{ address: '2001:db8::5', port: 53, weight: 1, role: 'main' }],
    });
  });

  it('reports the contract issues with their paths', () => {
    const parsed = streamSaveBody({
      ...emptyStreamForm(),
      listenPort: '70000',
      origins: [{ ...newStreamOrigin('backup'), address: 'db.example.com', port: '5432' }],
      connectTimeoutSeconds: 301,
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['listenPort', 'validation.port'],
      ['origins', 'site.originMainRequired'],
      ['connectTimeoutSeconds', expect.any(String)],
    ]);
    expect(issueFieldName(['origins', 0, 'port'])).toEqual(['origins', 0, 'port']);
    expect(issueFieldName(['origins'])).toEqual(['origins']);
  });

  it('shows where to connect and where it forwards, IPv6 in brackets', () => {
    expect(connectAddresses(rule)).toEqual(['203.0.113.1:5353', '[2001:db8::1]:5353']);
    expect(originText(rule.origins[0]!)).toBe('[2001:db8::5]:53');
    expect(ruleLabel(rule)).toBe('UDP 5353');
    expect(ruleLabel({ ...rule, name: 'dns' })).toBe('dns');
  });

  it('keeps refreshing while a visible rule is pending', () => {
    expect(hasPendingRules([rule])).toBe(false);
    expect(hasPendingRules([{ ...rule, config: { ...rule.config, applied: 1, pending: 1 } }])).toBe(true);
  });
});
