import { describe, expect, it } from 'vitest';
import { nodeProgress, toPurgeTask, type TaskNodeRow, type TaskRow } from './purge-summary';

const task: TaskRow = {
  id: 1,
  kind: 'type',
  entries: ['https://a.test/*.jpg'],
  ignored: [],
  createdAt: new Date('2026-01-01T00:00:00Z'),
  finishedAt: null,
};
const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
const row = (nodeId: number, state: TaskNodeRow['state'], extra: Partial<TaskNodeRow> = {}): TaskNodeRow => ({
  nodeId,
  nodeName: `edge-${nodeId}`,
  state,
  error: '',
  finishedAt: state === 'pending' ? null : at(nodeId),
  ...extra,
});

describe('toPurgeTask', () => {
  it('is running while any row is pending', () => {
    const t = toPurgeTask(task, [row(1, 'done'), row(2, 'pending'), row(3, 'failed')]);
    expect(t).toMatchObject({ state: 'running', nodeTotal: 3, nodeDone: 1, nodeFailed: 1 });
  });
  it('is failed once nothing is pending and a row failed', () => {
    const t = toPurgeTask(task, [row(1, 'done'), row(2, 'failed')]);
    expect(t).toMatchObject({ state: 'failed', nodeTotal: 2, nodeDone: 1, nodeFailed: 1 });
  });
  it('counts a node done only when all its rows are', () => {
    const t = toPurgeTask(task, [row(1, 'done'), row(1, 'pending'), row(2, 'done')]);
    expect(t).toMatchObject({ state: 'running', nodeTotal: 2, nodeDone: 1, nodeFailed: 0 });
  });
  it('is done with no nodes at all, times as ISO strings', () => {
    const t = toPurgeTask({ ...task, finishedAt: at(5) }, []);
    expect(t).toMatchObject({ state: 'done', nodeTotal: 0, createdAt: '2026-01-01T00:00:00.000Z' });
    expect(t.finishedAt).toBe('2026-01-01T00:00:05.000Z');
  });
});

describe('nodeProgress', () => {
  it('merges a node’s rows: failed with its errors, finished at its last row', () => {
    const nodes = nodeProgress([
      row(1, 'failed', { error: 'disk full', finishedAt: at(3) }),
      row(1, 'done', { finishedAt: at(9) }),
      row(2, 'pending'),
    ]);
    expect(nodes).toEqual([
      { nodeId: 1, nodeName: 'edge-1', state: 'failed', error: 'disk full', finishedAt: at(9).toISOString() },
      { nodeId: 2, nodeName: 'edge-2', state: 'pending', error: '', finishedAt: null },
    ]);
  });
});
