import { describe, expect, it } from 'vitest';
import { lineRecordContent, luaString } from './line-script';
import { ENTRY_BYTES, lineTable, OVERSEAS_BYTE } from './line-table';
import { linesOfPlace } from './lines-of-place';

const place = (country: string, province: string, isp: string) => ({ country, province, city: '', isp });

describe('lines of an address', () => {
  it('takes the carrier, then the province, of mainland addresses', () => {
    expect(linesOfPlace(place('中国', '广东省', '电信'))).toEqual(['telecom', 'cn-gd', 'default']);
    expect(linesOfPlace(place('中国', '内蒙古', '中国铁通'))).toEqual(['mobile', 'cn-nm', 'default']);
    expect(linesOfPlace(place('中国', '北京', '教育网'))).toEqual(['edu', 'cn-bj', 'default']);
    expect(linesOfPlace(place('中国', '江苏省', '阿里云'))).toEqual(['cn-js', 'default']);
  });

  it('puts Hong Kong, Macao, Taiwan and other countries overseas, carriers there included', () => {
    expect(linesOfPlace(place('中国', '香港', '电信'))).toEqual(['overseas', 'default']);
    expect(linesOfPlace(place('美国', '', 'Level3'))).toEqual(['overseas', 'default']);
  });

  it('gives unknown and private addresses the default line only', () => {
    expect(linesOfPlace(place('', '', '内网IP'))).toEqual(['default']);
  });
});

describe('the line table', () => {
  it('keeps one entry where the line changes, in address order', () => {
    const { table, entries } = lineTable([
      { start: 0, end: 99, ...place('', '', '') },
      { start: 100, end: 199, ...place('中国', '广东省', '电信') },
      { start: 200, end: 299, ...place('中国', '广东省', '电信') },
      { start: 300, end: 399, ...place('日本', '', '') },
    ]);
    expect(entries).toBe(3);
    expect(table).toHaveLength(3 * ENTRY_BYTES);
    const entry = (index: number) => [
      table.readUInt32BE(index * ENTRY_BYTES),
      table[index * ENTRY_BYTES + 4],
      table[index * ENTRY_BYTES + 5],
    ];
    expect(entry(0)).toEqual([0, 0, 0]);
    expect(entry(1)).toEqual([100, 1, 19]); // telecom, cn-gd
    expect(entry(2)).toEqual([300, 0, OVERSEAS_BYTE]);
  });
});

describe('LUA record code', () => {
  it('escapes every byte a record parser or Lua could read', () => {
    expect(luaString(`a "b" \\ '你'`)).toBe("'a \\034b\\034 \\092 \\039\\228\\189\\160\\039'");
  });

  /** The code as Lua gets it: PowerDNS joins the character-strings with `" "`. */
  const codeOf = (content: string) =>
    [...content.matchAll(/"((?:[^"\\]|\\.)*)"/g)]
      .map((match) => match[1]!.replace(/\\(.)/g, '$1'))
      .join('" "');

  it('cuts long code into DNS strings of at most 255 bytes, each cut inside a Lua comment', () => {
    const long = 'v'.repeat(700);
    const content = lineRecordContent('/data/lines/nimbus-lines.lua', 'TXT', new Map([['overseas', [long]]]));
    const strings = [...content.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) =>
      match[1]!.replace(/\\(.)/g, '$1'),
    );
    expect(strings.length).toBeGreaterThan(3);
    for (const text of strings) expect(Buffer.byteLength(text)).toBeLessThanOrEqual(255);
    const code = codeOf(content).replaceAll('--[[" "]]', '');
    expect(code).toMatch(/^;return dofile\('\/data\/lines\/nimbus-lines\.lua'\)\(\{\['overseas'\]=\{/);
    // The literal's pieces join back to the whole text.
    expect(code.match(/\{'(v[v'.]*)'\}/)![1]!.replaceAll("'..'", '')).toBe(long);
  });
});
