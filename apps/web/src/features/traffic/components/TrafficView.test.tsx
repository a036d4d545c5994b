// @vitest-environment jsdom
import { SITE_PATHS, type TrafficQuery } from '@nimbus/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TrafficView } from '@/features/traffic/components/TrafficView';
import { drawnOptions, fakeTrafficApi } from '@/features/traffic/components/test-fixtures';
import { point, series } from '@/features/traffic/lib/test-fixtures';
import { i18n } from '@/i18n';
import { renderWithApp, setUpComponentTests } from '@/shared/test/render';

vi.mock(
  '@/shared/charts/echarts',
  async () => (await import('@/features/traffic/components/test-fixtures')).fakeEcharts,
);

// 18:30 at the default +8 display offset: "today" began at 2026-11-26T16:00Z.
const NOW = Date.parse('2026-11-27T10:30:00Z');
const MIDNIGHT = Date.parse('2026-11-26T16:00:00Z');
const FIVE_MIN = 300_000;

const CURRENT = series(
  [
    point(MIDNIGHT, {
      requests: 100,
      bytesOut: 7_500_000,
      hits: 60,
      misses: 20,
      s2xx: 90,
      s4xx: 10,
      originBytes: 1_000_000,
    }),
    point(MIDNIGHT + FIVE_MIN, {
      requests: 300,
      bytesOut: 45_000_000,
      hits: 180,
      misses: 20,
      s2xx: 280,
      s5xx: 20,
      originBytes: 2_000_000,
    }),
  ],
  {
    interval: '5m',
    peak: { t: MIDNIGHT + FIVE_MIN, bps: 1_200_000 },
    p95Bps: 900_000,
    codes: [
      { status: 200, requests: 370 },
      { status: 502, requests: 20 },
      { status: 404, requests: 10 },
    ],
  },
);
const PREVIOUS = series(
  [point(MIDNIGHT - 2 * FIVE_MIN, { requests: 50, bytesOut: 3_000_000, hits: 10, misses: 10 })],
  {
    interval: '5m',
    peak: { t: MIDNIGHT - 2 * FIVE_MIN, bps: 80_000 },
    p95Bps: 60_000,
  },
);
const byRange = (query: TrafficQuery) => (Date.parse(query.endTime) === MIDNIGHT ? PREVIOUS : CURRENT);

/**
 * What the export hands the browser to save: the file name and its bytes. jsdom has no object
 * URLs and its Blob no arrayBuffer() (its FileReader reads one); `restore` puts URL back.
 */
function captureDownload() {
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  let blob: Blob | undefined;
  let name: string | undefined;
  URL.createObjectURL = (b: Blob) => ((blob = b), 'blob:csv');
  URL.revokeObjectURL = () => {};
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    name = this.download;
  });
  return {
    saved: async () => ({ name: name!, bytes: new Uint8Array(await bytesOf(blob!)) }),
    restore: () => {
      click.mockRestore();
      Object.assign(URL, { createObjectURL: original.create, revokeObjectURL: original.revoke });
    },
  };
}

/** jsdom's Blob has no arrayBuffer(); its FileReader reads one. */
const bytesOf = (blob: Blob) =>
  new Promise<ArrayBuffer>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.readAsArrayBuffer(blob);
  });

const figure = (name: string) => within(screen.getByRole('region', { name }));

describe('TrafficView', { timeout: 30_000 }, () => {
  setUpComponentTests();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    drawnOptions.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  it("asks for today and the period before it, and shows today's peak and totals beside the previous ones", async () => {
    const api = fakeTrafficApi(byRange);
    renderWithApp(<TrafficView />);
    await screen.findByRole('region', { name: 'Peak bandwidth' });
    expect(figure('Peak bandwidth').getByText('1.20 Mbps')).toBeTruthy();
    expect(figure('Peak bandwidth').getByText('at 11-27 00:05')).toBeTruthy();
    expect(figure('Peak bandwidth').getByText('Previous period: 80.00 Kbps')).toBeTruthy();
    expect(figure('Total traffic').getByText('52.50 MB')).toBeTruthy();
    expect(figure('Total traffic').getByText('Previous period: 3.00 MB')).toBeTruthy();
    expect(figure('Requests').getByText('400')).toBeTruthy();
    expect(figure('Hit ratio').getByText('85.71%')).toBeTruthy();
    expect(figure('Hit ratio').getByText('Previous period: 50.00%')).toBeTruthy();
    expect(figure('Origin traffic').getByText('3.00 MB')).toBeTruthy();

    expect(api.trafficCalls().map((call) => call.body)).toEqual([
      {
        siteIds: [],
        startTime: new Date(MIDNIGHT).toISOString(),
        endTime: new Date(NOW).toISOString(),
        interval: '5m',
      },
      {
        siteIds: [],
        startTime: new Date(MIDNIGHT - (NOW - MIDNIGHT)).toISOString(),
        endTime: new Date(MIDNIGHT).toISOString(),
        interval: '5m',
      },
    ]);

    // Bandwidth per 5-minute interval: 7.5 MB × 8 / 300 s and 45 MB × 8 / 300 s; the period before dashed.
    await vi.waitFor(() => expect(drawnOptions.length).toBeGreaterThan(0));
    const lines = drawnOptions[0]!.series as {
      name: string;
      data: unknown[];
      lineStyle?: { type: string };
    }[];
    expect(lines.map((line) => [line.name, line.data, line.lineStyle?.type])).toEqual([
      ['This period', [200_000, 1_200_000], undefined],
      ['Previous period', [80_000], 'dashed'],
      ['95th percentile', [900_000, 900_000], 'dotted'],
    ]);
  });

  it('status codes: a line per class and the count of each code with its share', async () => {
    fakeTrafficApi(byRange);
    renderWithApp(<TrafficView />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Status codes' }));
    const table = within(await screen.findByRole('table'));
    const rows = table.getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['Status codeRequestsShare', '20037092.50%', '502205.00%', '404102.50%']);
    await vi.waitFor(() =>
      expect((drawnOptions[0]!.series as { name: string }[]).map((line) => line.name)).toEqual([
        '2xx',
        '3xx',
        '4xx',
        '5xx',
      ]),
    );
  });

  it('exports the points shown as a UTF-8 CSV with a BOM and headers in the language on screen', async () => {
    fakeTrafficApi(byRange);
    const download = captureDownload();
    renderWithApp(<TrafficView />);
    await screen.findByText('1.20 Mbps');
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    const saved = await download.saved();
    expect(saved.name).toBe('traffic-2026-11-27-2026-11-27.csv');
    expect([...saved.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(saved.bytes).split('\r\n')).toEqual([
      'Time,Bandwidth (bps),Traffic (bytes),Requests,Hit ratio (%),2xx,3xx,4xx,5xx,Origin traffic (bytes)',
      '2026-11-27 00:00:00,200000,7500000,100,75.00,90,0,10,0,1000000',
      '2026-11-27 00:05:00,1200000,45000000,300,90.00,280,0,0,20,2000000',
      '',
    ]);
    download.restore();
  });

  it('the CSV headers follow the language: Chinese on a Chinese screen', async () => {
    fakeTrafficApi(byRange);
    const download = captureDownload();
    await i18n.changeLanguage('cn');
    try {
      renderWithApp(<TrafficView />);
      await screen.findByText('1.20 Mbps');
      fireEvent.click(screen.getByRole('button', { name: /导出 CSV/ }));
      const text = new TextDecoder().decode((await download.saved()).bytes);
      expect(text.split('\r\n')[0]).toBe(
        '时间,带宽 (bps),流量 (字节),请求数,命中率 (%),2xx,3xx,4xx,5xx,回源流量 (字节)',
      );
    } finally {
      download.restore();
      await i18n.changeLanguage('en');
    }
  });

  it('says so when nothing was served in the range', async () => {
    fakeTrafficApi(() => series([point(MIDNIGHT), point(MIDNIGHT + FIVE_MIN)], { interval: '5m' }));
    renderWithApp(<TrafficView />);
    expect(await screen.findByText(/No requests in this range yet/)).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Bandwidth chart' })).toBeNull();
  });

  it('a failed load says what to do and asks again on retry', async () => {
    let fail = true;
    const api = fakeTrafficApi((query) => (fail ? { fail: 'database unavailable' } : byRange(query)));
    renderWithApp(<TrafficView />);
    expect(await screen.findByText('The traffic could not be loaded')).toBeTruthy();
    fail = false;
    const before = api.trafficCalls().length;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1.20 Mbps')).toBeTruthy();
    expect(api.trafficCalls().length).toBeGreaterThan(before);
  });

  it('one site: asks nothing until a site is chosen, then only for that site', async () => {
    const api = fakeTrafficApi(byRange, {
      [SITE_PATHS.list]: {
        list: [{ id: 7, domain: 'a.example.com' }],
        totalCount: 1,
        pageSize: 20,
        currPage: 1,
      },
    });
    renderWithApp(<TrafficView />);
    await screen.findByText('1.20 Mbps');
    const asked = api.trafficCalls().length;
    fireEvent.click(screen.getByText('One site'));
    expect(await screen.findByText('Choose a site or a group to see its traffic.')).toBeTruthy();
    expect(api.trafficCalls()).toHaveLength(asked);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Site' }));
    fireEvent.click(await screen.findByText('a.example.com'));
    await vi.waitFor(() => expect(api.trafficCalls().at(-1)?.body.siteIds).toEqual([7]));
    expect(await screen.findByText('1.20 Mbps')).toBeTruthy();
  });

  it('a range button asks again from now with its default interval; a chosen interval that no longer fits falls back', async () => {
    const api = fakeTrafficApi(byRange);
    renderWithApp(<TrafficView />);
    await screen.findByText('1.20 Mbps');
    fireEvent.click(screen.getByText('Last hour'));
    await vi.waitFor(() =>
      expect(api.trafficCalls().at(-2)?.body).toEqual({
        siteIds: [],
        startTime: new Date(NOW - 3_600_000).toISOString(),
        endTime: new Date(NOW).toISOString(),
        interval: '1m',
      }),
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Interval' }));
    fireEvent.click(await screen.findByText('5 seconds'));
    await vi.waitFor(() => expect(api.trafficCalls().at(-1)?.body.interval).toBe('5s'));

    fireEvent.click(screen.getByText('30 days'));
    await vi.waitFor(() => expect(api.trafficCalls().at(-1)?.body.interval).toBe('1d'));
    // 5 seconds no longer fits (intervalsFor, tested in lib): the select shows the range's default.
    expect(screen.getByRole('combobox', { name: 'Interval' }).closest('.ant-select')?.textContent).toContain(
      '1 day',
    );
  });

  it('picked days: asks nothing until both days are picked', async () => {
    const api = fakeTrafficApi(byRange);
    renderWithApp(<TrafficView />);
    await screen.findByText('1.20 Mbps');
    const asked = api.trafficCalls().length;
    fireEvent.click(screen.getByText('Pick days'));
    expect(await screen.findByText('Pick the first and last day in the calendar.')).toBeTruthy();
    expect(api.trafficCalls()).toHaveLength(asked);
  });
});
