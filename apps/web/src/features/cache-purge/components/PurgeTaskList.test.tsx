// @vitest-environment jsdom
import { PURGE_PATHS, type Page, type PurgeTask, type PurgeTaskDetail } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PurgeTaskList } from '@/features/cache-purge/components/PurgeTaskList';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';
import { usePaging } from '@/shared/ui/usePaging';

const done: PurgeTask = {
  id: 2,
  kind: 'url',
  entries: [
    'https://www.example.com/a.html',
    'https://www.example.com/b.html',
    'https://www.example.com/c.html',
  ],
  ignored: [
    { entry: 'https://www.example.com/a.html', reason: 'duplicate' },
    { entry: 'https://other.example.net/x', reason: 'notYours' },
    { entry: 'https://off.example.com/y', reason: 'disabled' },
  ],
  state: 'done',
  nodeTotal: 3,
  nodeDone: 3,
  nodeFailed: 0,
  createdAt: '2025-01-01T00:00:00Z',
  finishedAt: '2025-01-01T00:00:05Z',
};
const running: PurgeTask = {
  ...done,
  id: 3,
  kind: 'dir',
  entries: ['https://www.example.com/static/'],
  ignored: [],
  state: 'running',
  nodeDone: 2,
  finishedAt: null,
};
const detail: PurgeTaskDetail = {
  ...running,
  nodes: [
    { nodeName: 'sh-01', state: 'done', error: '', finishedAt: '2025-01-01T00:00:02Z' },
    { nodeName: 'sh-02', state: 'done', error: '', finishedAt: '2025-01-01T00:00:03Z' },
    { nodeName: 'bj-01', state: 'pending', error: '', finishedAt: null },
  ],
};
const page = (list: PurgeTask[]): Page<PurgeTask> => ({
  list,
  totalCount: list.length,
  pageSize: 20,
  currPage: 1,
});

function Harness() {
  const paging = usePaging();
  return <PurgeTaskList paging={paging} kind={undefined} onKindChange={() => undefined} />;
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('PurgeTaskList', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('shows entries, ignored entries with their reasons, node progress and state', async () => {
    fakeApi({ [PURGE_PATHS.taskList]: page([done]) });
    renderWithApp(<Harness />);
    const first = await screen.findByText('https://www.example.com/a.html');
    const row = first.closest('tr')!;
    expect(within(row).getByText('Done')).toBeTruthy();
    expect(within(row).getByText('3/3 nodes')).toBeTruthy();

    fireEvent.click(within(row).getByText('+2 more'));
    expect(await screen.findByText('https://www.example.com/c.html')).toBeTruthy();

    fireEvent.click(within(row).getByText('3 ignored'));
    expect(await screen.findByText(/not your domain/)).toBeTruthy();
    expect(screen.getByText(/site disabled/)).toBeTruthy();
  });

  it('follows a running task every few seconds and opens its per-node progress', async () => {
    const { calls } = fakeApi({ [PURGE_PATHS.taskList]: page([running]), [PURGE_PATHS.taskInfo]: detail });
    renderWithApp(<Harness />);
    await screen.findByText('https://www.example.com/static/');
    expect(within(rowOf('https://www.example.com/static/')).getByText('Running')).toBeTruthy();
    expect(within(rowOf('https://www.example.com/static/')).getByText('2/3 nodes')).toBeTruthy();
    await waitFor(
      () => expect(calls.filter((c) => c.path === PURGE_PATHS.taskList).length).toBeGreaterThan(1),
      { timeout: 5000 },
    );

    fireEvent.click(screen.getByText('Purge directories'));
    expect(await screen.findByText('bj-01')).toBeTruthy();
    expect(within(rowOf('bj-01')).getByText('Pending')).toBeTruthy();
    expect(calls.find((c) => c.path === PURGE_PATHS.taskInfo)).toBeTruthy();
  });

  it('says so when there are no tasks yet', async () => {
    fakeApi({ [PURGE_PATHS.taskList]: page([]) });
    renderWithApp(<Harness />);
    expect(await screen.findByText('No purge or preheat tasks yet')).toBeTruthy();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    fakeApi({});
    renderWithApp(<Harness />);
    expect(await screen.findByText('The history could not be loaded')).toBeTruthy();
    expect(screen.queryByText('No purge or preheat tasks yet')).toBeNull();
    fakeApi({ [PURGE_PATHS.taskList]: page([done]) });
    fireEvent.click(screen.getByText('Retry').closest('button')!);
    expect(await screen.findByText('3/3 nodes')).toBeTruthy();
  });
});
