import { describe, expect, it } from 'vitest';
import { bulkProblemText, parseBulkRecords } from '@/features/dns/lib/bulk-records';
import type { Translate } from '@/shared/forms/zod-rules';

/** Echoes the key and its parameters, so the test sees what would be translated. */
const t: Translate = (key, options) => `${key}${options ? JSON.stringify(options) : ''}`;

describe('parseBulkRecords', () => {
  it('reads one record per line, with multi-word values, TTL and priority; blank lines skipped', () => {
    const text = [
      'www A 192.0.2.10',
      '',
      '@ AAAA 2001:db8::10 600',
      'mail mx mx1.example.com 300 10',
      '@ TXT "v=spf1 include:_spf.example.com ~all"',
      '_sip._tcp SRV 5 5060 sip.example.com 600 20',
      '@ CAA 0 issue "letsencrypt.org"',
    ].join('\n');
    expect(parseBulkRecords(text)).toEqual({
      ok: true,
      records: [
        { hostRecord: 'www', recordType: 'A', recordValue: '192.0.2.10' },
        { hostRecord: '@', recordType: 'AAAA', recordValue: '2001:db8::10', ttl: 600 },
        { hostRecord: 'mail', recordType: 'MX', recordValue: 'mx1.example.com', ttl: 300, priority: 10 },
        { hostRecord: '@', recordType: 'TXT', recordValue: 'v=spf1 include:_spf.example.com ~all' },
        {
          hostRecord: '_sip._tcp',
          recordType: 'SRV',
          recordValue: '5 5060 sip.example.com',
          ttl: 600,
          priority: 20,
        },
        { hostRecord: '@', recordType: 'CAA', recordValue: '0 issue "letsencrypt.org"' },
      ],
    });
  });

  it('names each bad line with the contract’s issue and field', () => {
    const result = parseBulkRecords(
      [
        'www A 192.0.2.10',
        'bad A 300.1.1.1',
        '',
        'x BOGUS 1',
        '@ MX mx.example.com',
        'y A 192.0.2.1 10',
      ].join('\n'),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => [p.line, p.field, p.issue.message])).toEqual([
      [2, 'recordValue', 'dns.valueIPv4'],
      [4, 'recordType', 'validation.invalid'],
      [5, 'priority', 'validation.required'],
      [6, 'ttl', expect.any(String)],
    ]);
    expect(bulkProblemText(result.problems[0]!, t)).toBe(
      'dns.bulk.lineError{"line":2,"message":"dns.valueIPv4{\\"field\\":\\"field.recordValue\\"}"}',
    );
  });

  it('refuses an empty text, extra words and more than the limit', () => {
    expect(parseBulkRecords('  \n\n')).toMatchObject({ ok: false, problems: [{ field: 'records' }] });
    expect(parseBulkRecords('www A 192.0.2.1 600 1 extra')).toMatchObject({
      ok: false,
      problems: [{ line: 1, field: 'records' }],
    });
    const many = Array.from({ length: 501 }, (_, i) => `h${i} A 192.0.2.1`).join('\n');
    expect(parseBulkRecords(many)).toEqual({ ok: false, problems: [], tooMany: true });
  });
});
