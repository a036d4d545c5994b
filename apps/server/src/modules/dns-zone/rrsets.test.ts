import type { DnsLine } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { contentOf, ownerName, rrsetsFor, setKey, txtContent } from './rrsets';

const record = (
  patch: Partial<Parameters<typeof contentOf>[0]> & {
    host?: string;
    ttl?: number;
    enabled?: boolean;
    line?: DnsLine;
  },
) => ({
  host: 'www',
  type: 'A' as const,
  line: 'default' as DnsLine,
  value: '192.0.2.1',
  ttl: 600,
  priority: null,
  enabled: true,
  ...patch,
});

describe('record sets for PowerDNS', () => {
  it('names the apex and hosts absolutely', () => {
    expect(ownerName('example.com', '@')).toBe('example.com.');
    expect(ownerName('example.com', '*.dev')).toBe('*.dev.example.com.');
  });

  it('writes each type in zone-file form', () => {
    expect(contentOf(record({ type: 'CNAME', value: 'a.example.net' }))).toBe('a.example.net.');
    expect(contentOf(record({ type: 'MX', value: 'mx.example.com', priority: 5 }))).toBe('5 mx.example.com.');
    expect(contentOf(record({ type: 'SRV', value: '10 443 t.example.com', priority: 1 }))).toBe(
      '1 10 443 t.example.com.',
    );
    expect(contentOf(record({ type: 'CAA', value: '0 issue "ca.example"' }))).toBe('0 issue "ca.example"');
  });

  it('keeps the strings of a TXT value written as quoted strings, each still split at 255 bytes', () => {
    expect(txtContent('"part one" "part two"')).toBe('"part one" "part two"');
    expect(txtContent(' "a \\"b\\"" ')).toBe('"a \\"b\\""');
    expect(txtContent(`"${'a'.repeat(300)}" "z"`)).toBe(`"${'a'.repeat(255)}" "${'a'.repeat(45)}" "z"`);
    // Quotes inside plain text are the text's own.
    expect(txtContent('say "hi" there')).toBe('"say \\"hi\\" there"');
  });

  it('quotes TXT, escapes quotes and backslashes, and splits at 255 bytes without cutting a character', () => {
    expect(txtContent('say "hi" \\ bye')).toBe('"say \\"hi\\" \\\\ bye"');
    const long = txtContent('a'.repeat(300));
    expect(long).toBe(`"${'a'.repeat(255)}" "${'a'.repeat(45)}"`);
    const wide = txtContent(`${'a'.repeat(254)}中`);
    expect(wide).toBe(`"${'a'.repeat(254)}" "中"`);
  });

  it('replaces a set with its enabled records at their lowest TTL, and deletes a set with none', () => {
    const sets = rrsetsFor(
      'example.com',
      [setKey('www', 'A'), setKey('old', 'A')],
      [
        record({ value: '192.0.2.1', ttl: 600 }),
        record({ value: '192.0.2.2', ttl: 120 }),
        record({ value: '192.0.2.3', enabled: false }),
        record({ host: 'old', enabled: false }),
      ],
      null,
    );
    expect(sets).toEqual([
      {
        name: 'www.example.com.',
        type: 'A',
        ttl: 120,
        changetype: 'REPLACE',
        records: [
          { content: '192.0.2.1', disabled: false },
          { content: '192.0.2.2', disabled: false },
        ],
      },
      { name: 'www.example.com.', type: 'LUA', changetype: 'DELETE', records: [] },
      { name: 'old.example.com.', type: 'A', changetype: 'DELETE', records: [] },
      { name: 'old.example.com.', type: 'LUA', changetype: 'DELETE', records: [] },
    ]);
  });

  it('serves a set with records on lines by one LUA record of its host, and drops the plain set', () => {
    const sets = rrsetsFor(
      'example.com',
      [setKey('www', 'A')],
      [
        record({ value: '192.0.2.1' }),
        record({ value: '192.0.2.2', line: 'telecom', ttl: 300 }),
        record({ type: 'TXT', value: 'plain', ttl: 60 }),
      ],
      '/data/lines/nimbus-lines.lua',
    );
    expect(sets.map(({ name, type, changetype }) => `${name} ${type} ${changetype}`)).toEqual([
      'www.example.com. A DELETE',
      'www.example.com. LUA REPLACE',
    ]);
    const lua = sets[1]!;
    // The TXT set answers on the default line only: it stays a plain set, and sets no LUA TTL.
    expect(lua.ttl).toBe(300);
    expect(lua.records).toHaveLength(1);
    expect(lua.records[0]!.content).toMatch(/^A ";return dofile\('\/data\/lines\/nimbus-lines\.lua'\)/);
    expect(lua.records[0]!.content).toContain("['default']={'192.0.2.1'}");
    expect(lua.records[0]!.content).toContain("['telecom']={'192.0.2.2'}");
  });

  it('refuses lines without a line library rather than publish a record PowerDNS cannot run', () => {
    expect(() =>
      rrsetsFor('example.com', [setKey('www', 'A')], [record({ line: 'overseas' })], null),
    ).toThrow(/line library/);
  });
});
