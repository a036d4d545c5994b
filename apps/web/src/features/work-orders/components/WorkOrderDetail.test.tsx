// @vitest-environment jsdom
import { WORK_ORDER_STATUS, type WorkOrderDetail } from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WorkOrderDetailPage } from '@/features/work-orders/pages/WorkOrderDetailPage';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const detail = (status: number): WorkOrderDetail => ({
  id: 7,
  number: '20261123000007',
  category: 'cache',
  title: 'Banner not updated',
  status,
  siteDomain: 'www.example.com',
  username: 'demo',
  assignee: 'admin',
  lastReplyBy: 'admin',
  createtime: '2026-11-23T03:00:00.000Z',
  updatetime: '2026-11-23T04:00:00.000Z',
  contact: '13800000000',
  siteId: 3,
  assigneeId: 1,
  rating: status === WORK_ORDER_STATUS.closed ? 4 : null,
  resolved: status === WORK_ORDER_STATUS.closed ? false : null,
  feedback: null,
  posts: [
    {
      id: 1,
      kind: 'description',
      author: 'customer',
      authorName: 'demo',
      content: 'The old banner is still served',
      createtime: '2026-11-23T03:00:00.000Z',
      images: [],
    },
    {
      id: 2,
      kind: 'reply',
      author: 'admin',
      authorName: 'admin',
      content: 'Purged; please check again',
      createtime: '2026-11-23T04:00:00.000Z',
      images: [],
    },
  ],
});

const open = (status: number) => {
  const api = fakeApi({
    'app/work-order/detail': detail(status),
    'app/work-order/reply': detail(status),
    'app/work-order/close': detail(WORK_ORDER_STATUS.closed),
  });
  renderWithApp(<WorkOrderDetailPage />, { path: '/cdn/work-order/list/detail?id=7' });
  return api;
};

describe('work-order detail (customer)', { timeout: 20_000 }, () => {
  setUpComponentTests();

  it('takes a supplement while open: an empty one is refused, a filled one is sent as a form', async () => {
    const { calls } = open(WORK_ORDER_STATUS.processing);
    expect(await screen.findByText('Purged; please check again')).toBeTruthy();
    expect(screen.getByText('Support · admin')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('A reply cannot be empty')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Add a supplement'), { target: { value: 'Still the old one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'app/work-order/reply')).toBe(true));
    expect(calls.find((c) => c.path === 'app/work-order/reply')?.body).toEqual({
      id: '7',
      content: 'Still the old one',
    });
    expect(screen.queryByLabelText('Not solved? Explain what is still wrong')).toBeNull();
  });

  it('offers an appeal, not a supplement, once completed', async () => {
    open(WORK_ORDER_STATUS.completed);
    expect(await screen.findByLabelText('Not solved? Explain what is still wrong')).toBeTruthy();
    expect(screen.queryByLabelText('Add a supplement')).toBeNull();
    expect(screen.getByRole('button', { name: 'Close work order' })).toBeTruthy();
  });

  it('closing needs the resolved choice', async () => {
    const { calls } = open(WORK_ORDER_STATUS.completed);
    fireEvent.click(await screen.findByRole('button', { name: 'Close work order' }));
    const dialog = await screen.findByRole('dialog');
    const ok = () => dialog.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')!;
    fireEvent.click(ok());
    expect(await screen.findByText('Choose whether the problem was resolved')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Not resolved'));
    fireEvent.click(ok());
    await waitFor(() => expect(calls.some((c) => c.path === 'app/work-order/close')).toBe(true));
    expect(calls.find((c) => c.path === 'app/work-order/close')?.body).toEqual({
      id: 7,
      rating: 5,
      resolved: false,
    });
  });

  it('shows a closed work order with its rating and nothing more to add', async () => {
    open(WORK_ORDER_STATUS.closed);
    expect(await screen.findByText(/This work order is closed/)).toBeTruthy();
    expect(screen.getByText(/Not resolved/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close work order' })).toBeNull();
  });
});
