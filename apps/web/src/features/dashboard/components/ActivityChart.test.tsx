// @vitest-environment jsdom
import { COMMON_PATHS, type IndexChart } from '@nimbus/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ActivityChart } from '@/features/dashboard/components/ActivityChart';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

// ECharts' chunk arrives when the test says so (or fails to), as it would over a slow network.
const echartsChunk = vi.hoisted(() => {
  const fake = { setOption: () => undefined, dispose: () => undefined, resize: () => undefined };
  let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
  return {
    fake,
    settle: () => settle,
    load: () =>
      new Promise<void>((resolve, reject) => {
        settle = { resolve, reject };
      }),
  };
});
vi.mock('@/shared/charts/echarts', async () => {
  await echartsChunk.load();
  return { getInstanceByDom: () => undefined, init: () => echartsChunk.fake };
});

const CHART: IndexChart = {
  days: ['2026-11-26', '2026-11-27'],
  series: { customers: [1, 2], sites: [0, 1], workOrders: [0, 0], logins: [3, 4] },
};

describe('ActivityChart', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('shows a skeleton until ECharts has drawn, then the chart alone; a chunk that fails offers a retry', async () => {
    fakeApi({ [COMMON_PATHS.indexChart]: CHART });
    renderWithApp(<ActivityChart />);
    // The days arrived, ECharts not yet: the chart's box holds a skeleton, not a blank.
    expect(await screen.findByRole('img', { name: 'Activity' })).toBeTruthy();
    expect(screen.getByTestId('chart-loading').querySelector('.ant-skeleton')).toBeTruthy();

    await act(async () => echartsChunk.settle()?.reject(new Error('chunk failed')));
    expect(await screen.findByText('The chart could not be loaded')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('chart-loading')).toBeTruthy();
    await act(async () => echartsChunk.settle()?.resolve());
    await vi.waitFor(() => expect(screen.queryByTestId('chart-loading')).toBeNull());
    expect(screen.getByRole('img', { name: 'Activity' })).toBeTruthy();
  });
});
