// @vitest-environment jsdom
import { PURGE_PATHS, type Page, type PurgeQuota, type PurgeTask } from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CachePurgePanel } from '@/features/cache-purge/components/CachePurgePanel';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const limits = { remaining: 2, perMinute: 2, maxEntries: 200, dailyQuota: null, dailyUsed: 0 };
const quota: PurgeQuota = { site: limits, url: limits, dir: limits, type: limits, preheat: limits };
const older: PurgeTask = {
  id: 1,
  kind: 'site',
  entries: ['https://www.example.com/'],
  ignored: [],
  state: 'done',
  nodeTotal: 2,
  nodeDone: 2,
  nodeFailed: 0,
  createdAt: '2025-01-01T00:00:00Z',
  finishedAt: '2025-01-01T00:00:03Z',
};
const submitted: PurgeTask = {
  ...older,
  id: 2,
  kind: 'url',
  entries: ['https://www.example.com/new.html'],
  state: 'running',
  nodeDone: 0,
  finishedAt: null,
};
const page = (list: PurgeTask[]): Page<PurgeTask> => ({
  list,
  totalCount: list.length,
  pageSize: 20,
  currPage: 1,
});

describe('CachePurgePanel', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('puts a submitted task at the top of the list', async () => {
    fakeApi({ [PURGE_PATHS.quota]: quota, [PURGE_PATHS.taskList]: page([older]) });
    renderWithApp(<CachePurgePanel />);
    await screen.findByText('https://www.example.com/');
    fireEvent.change(screen.getByLabelText('Entries (one per line)'), {
      target: { value: 'https://www.example.com/new.html' },
    });
    fakeApi({
      [PURGE_PATHS.quota]: { ...quota, url: { ...limits, remaining: 1 } },
      [PURGE_PATHS.submit]: { task: submitted },
      [PURGE_PATHS.taskList]: page([submitted, older]),
    });
    fireEvent.click(screen.getByText('Purge').closest('button')!);
    const cell = await screen.findByText('https://www.example.com/new.html', { selector: 'td *' });
    const rows = [...document.querySelectorAll('tbody tr.ant-table-row')];
    expect(rows[0]!.contains(cell)).toBe(true);
    await waitFor(() => expect(screen.getByTestId('purge-quota').textContent).toMatch(/^1 of 2 left/));
  });
});
