import type { Page } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { collectRows, EXPORT_MAX_PAGES, EXPORT_PAGE_SIZE } from '@/features/request-log/lib/export-rows';
import { requestLogCsv } from '@/features/request-log/lib/row-fields';
import { toCsv } from '@/features/request-log/lib/csv';

/** A log of `total` rows served a page at a time, recording the pages asked for. */
function log(total: number) {
  const asked: number[] = [];
  const fetchPage = async (page: number, limit: number): Promise<Page<number>> => {
    asked.push(page);
    const start = (page - 1) * limit;
    const list = Array.from({ length: Math.max(0, Math.min(limit, total - start)) }, (_, i) => start + i);
    return { list, totalCount: total, pageSize: limit, currPage: page };
  };
  return { asked, fetchPage };
}

describe('export rows', () => {
  it('reads pages until the filter’s rows are all in', async () => {
    const { asked, fetchPage } = log(450);
    const got = await collectRows(fetchPage);
    expect(asked).toEqual([1, 2, 3]);
    expect(got).toMatchObject({ total: 450, cut: false });
    expect(got.rows).toHaveLength(450);
  });

  it('stops at the limit and says the export was cut', async () => {
    const { asked, fetchPage } = log(5000);
    const got = await collectRows(fetchPage);
    expect(asked).toHaveLength(EXPORT_MAX_PAGES);
    expect(got).toMatchObject({ total: 5000, cut: true });
    expect(got.rows).toHaveLength(EXPORT_MAX_PAGES * EXPORT_PAGE_SIZE);
  });

  it('an empty filter is one call and no rows', async () => {
    const { asked, fetchPage } = log(0);
    expect(await collectRows(fetchPage)).toEqual({ rows: [], total: 0, cut: false });
    expect(asked).toEqual([1]);
  });
});

describe('CSV', () => {
  it('quotes every cell, doubles quotes and defuses formulas', () => {
    expect(
      toCsv([
        ['a', 'say "hi"'],
        ['=cmd()', 3, null],
      ]),
    ).toBe('\uFEFF"a","say ""hi"""\r\n"\'=cmd()","3",""\r\n');
  });

  it('writes every field of a row with its label and the display time', () => {
    const row = {
      time: '2026-11-27T02:30:00.000Z',
      siteId: 7,
      domain: 'www.example.com',
      nodeName: 'edge-1',
      clientIp: '203.0.113.9',
      region: 'Hong Kong',
      isp: 'HKT',
      method: 'GET',
      host: 'www.example.com',
      uri: '/a?b=1',
      status: 200,
      bytesOut: 1234,
      bytesIn: 321,
      requestMs: 12,
      upstreamMs: null,
      cache: 'HIT',
      referer: '',
      userAgent: 'curl/8',
      scheme: 'https',
      protocol: 'HTTP/2.0',
      tls: 'TLSv1.3',
    };
    const csv = requestLogCsv(
      [row],
      (field) => field.toUpperCase(),
      () => 'T',
    );
    const [header, line] = csv.slice(1).split('\r\n');
    expect(header).toContain('"TIME","DOMAIN","HOST","METHOD","URI","STATUS","BYTESOUT"');
    expect(line).toBe(
      '"T","www.example.com","www.example.com","GET","/a?b=1","200","1234","321","12","","HIT",' +
        '"203.0.113.9","Hong Kong","HKT","","curl/8","https","HTTP/2.0","TLSv1.3","edge-1","7"',
    );
  });
});
