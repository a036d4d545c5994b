import { describe, expect, it } from 'vitest';
import { contentOf } from './rrsets';
import { parseZoneFile, renderZoneFile } from './zone-file';

const FILE = `$ORIGIN example.com.
$TTL 3600
@   IN SOA ns1.example.com. host.example.com. (
        2024010101 ; serial
        7200 3600 1209600 3600 )
@       IN NS    ns1.example.com.
www     600 IN A 192.0.2.1 ; the site
        IN A     192.0.2.2
mail    IN MX    10 mx.example.com.
@       IN TXT   "v=spf1 -all" " two"
say     IN TXT   "a \\"quote\\" and \\228\\189\\160"
_sip._tcp IN SRV 1 5 5060 sip
@       IN CAA   0 issue "letsencrypt.org"
v6      IN AAAA  2001:db8::1
alias   IN CNAME www
sub     IN NS    ns.elsewhere.net.
$ORIGIN dev.example.com.
api     IN A     192.0.2.9
@       IN HINFO "x" "y"
other.net. IN A  192.0.2.3
`;

describe('BIND zone files', () => {
  it('reads records with relative and absolute names, omitted owners, TTLs and quoted strings', () => {
    const { records, skipped, errors } = parseZoneFile(FILE, 'example.com');
    expect(records.map(({ line, ...rest }) => [line, rest])).toEqual([
      [7, { hostRecord: 'www', recordType: 'A', recordValue: '192.0.2.1', ttl: 600, priority: null }],
      [8, { hostRecord: 'www', recordType: 'A', recordValue: '192.0.2.2', ttl: 3600, priority: null }],
      [9, { hostRecord: 'mail', recordType: 'MX', recordValue: 'mx.example.com', ttl: 3600, priority: 10 }],
      [
        10,
        {
          hostRecord: '@',
          recordType: 'TXT',
          recordValue: '"v=spf1 -all" " two"',
          ttl: 3600,
          priority: null,
        },
      ],
      [
        11,
        { hostRecord: 'say', recordType: 'TXT', recordValue: 'a "quote" and 你', ttl: 3600, priority: null },
      ],
      [
        12,
        {
          hostRecord: '_sip._tcp',
          recordType: 'SRV',
          recordValue: '5 5060 sip.example.com',
          ttl: 3600,
          priority: 1,
        },
      ],
      [
        13,
        {
          hostRecord: '@',
          recordType: 'CAA',
          recordValue: '0 issue "letsencrypt.org"',
          ttl: 3600,
          priority: null,
        },
      ],
      [14, { hostRecord: 'v6', recordType: 'AAAA', recordValue: '2001:db8::1', ttl: 3600, priority: null }],
      [
        15,
        {
          hostRecord: 'alias',
          recordType: 'CNAME',
          recordValue: 'www.example.com',
          ttl: 3600,
          priority: null,
        },
      ],
      [
        16,
        { hostRecord: 'sub', recordType: 'NS', recordValue: 'ns.elsewhere.net', ttl: 3600, priority: null },
      ],
      [18, { hostRecord: 'api.dev', recordType: 'A', recordValue: '192.0.2.9', ttl: 3600, priority: null }],
    ]);
    expect(skipped.map((s) => s.line)).toEqual([3, 6, 19]);
    expect(errors).toEqual([{ line: 20, reason: 'other.net. is outside example.com' }]);
  });

  it('writes a file that reads back to the same records', () => {
    const line = 'default' as const;
    const records = [
      { host: 'www', type: 'A' as const, line, value: '192.0.2.1', ttl: 600, priority: null, enabled: true },
      {
        host: '@',
        type: 'MX' as const,
        line,
        value: 'mx.example.com',
        ttl: 600,
        priority: 10,
        enabled: true,
      },
      {
        host: '@',
        type: 'TXT' as const,
        line,
        value: 'say "hi" 你好',
        ttl: 600,
        priority: null,
        enabled: true,
      },
      { host: 'off', type: 'A' as const, line, value: '192.0.2.5', ttl: 600, priority: null, enabled: false },
      // A zone file has no lines: written as a comment, so it is not imported back as a default record.
      {
        host: 'www',
        type: 'A' as const,
        line: 'telecom' as const,
        value: '192.0.2.7',
        ttl: 600,
        priority: null,
        enabled: true,
      },
    ];
    const text = renderZoneFile('example.com', records, new Date('2026-01-01T00:00:00Z'));
    expect(text).toContain('; paused: off\t600\tIN\tA\t192.0.2.5');
    expect(text).toContain('; line telecom: www\t600\tIN\tA\t192.0.2.7');
    const back = parseZoneFile(text, 'example.com');
    expect(back.errors).toEqual([]);
    expect(back.records.map((r) => [r.hostRecord, r.recordType, r.recordValue, r.priority])).toEqual([
      ['@', 'MX', 'mx.example.com', 10],
      ['@', 'TXT', 'say "hi" 你好', null],
      ['www', 'A', '192.0.2.1', null],
    ]);
  });

  it('keeps the strings of a multi-string TXT apart, and they reach PowerDNS and the file as written', () => {
    const file = [
      '$ORIGIN example.com.',
      'dkim IN TXT "part one" "part two"',
      'bare IN TXT two words',
      'one  IN TXT "single string"',
      'odd  IN TXT "\\"looks\\" \\"quoted\\""',
    ].join('\n');
    const { records } = parseZoneFile(file, 'example.com');
    expect(records.map((r) => [r.hostRecord, r.recordValue])).toEqual([
      ['dkim', '"part one" "part two"'],
      ['bare', '"two" "words"'],
      ['one', 'single string'],
      // One string that itself reads as quoted strings stays one string.
      ['odd', '"\\"looks\\" \\"quoted\\""'],
    ]);
    const content = (value: string) => contentOf({ type: 'TXT', value, priority: null });
    expect(records.map((r) => content(r.recordValue))).toEqual([
      '"part one" "part two"',
      '"two" "words"',
      '"single string"',
      '"\\"looks\\" \\"quoted\\""',
    ]);
    const line = 'default' as const;
    const text = renderZoneFile(
      'example.com',
      records.map((r) => ({
        host: r.hostRecord,
        type: r.recordType,
        line,
        value: r.recordValue,
        ttl: 60,
        priority: null,
        enabled: true,
      })),
      new Date('2026-01-01T00:00:00Z'),
    );
    expect(text).toContain('dkim\t60\tIN\tTXT\t"part one" "part two"');
    const valuesOf = (read: typeof records) =>
      Object.fromEntries(read.map((r) => [r.hostRecord, r.recordValue]));
    expect(valuesOf(parseZoneFile(text, 'example.com').records)).toEqual(valuesOf(records));
  });
});
