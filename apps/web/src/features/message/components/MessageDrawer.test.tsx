// @vitest-environment jsdom
import type { Message, MessagePage } from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentVariant } from '@/app/variant';
import { MessageDrawer } from '@/features/message/components/MessageDrawer';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const message = (id: number, title: string, readStatus: number, type = 2): Message => ({
  id,
  title,
  content: 'body',
  createtime: '2025-01-02T03:04:05.000Z',
  type,
  status: 1,
  readStatus,
});

const page: MessagePage = {
  list: [message(2, 'Maintenance <b>tonight</b>', 0), message(1, 'Welcome', 1, 1)],
  totalCount: 2,
  pageSize: 100,
  currPage: 1,
  unreadCount: 1,
};

describe('MessageDrawer (customer console)', { timeout: 20_000 }, () => {
  setUpComponentTests();

  it('runs as the CDN customer console under jsdom', () => {
    expect(currentVariant.side).toBe('customer');
  });

  it('lists the newest 100 with unread markers, titles as text, and the unread count', async () => {
    const { calls } = fakeApi({ 'app/account/message/list': page });
    renderWithApp(<MessageDrawer open onClose={() => undefined} />);
    const unread = await screen.findByText('Maintenance <b>tonight</b>');
    expect(unread.closest('button')?.dataset.unread).toBe('true');
    expect(screen.getByText('Welcome').closest('button')?.dataset.unread).toBe('false');
    expect(screen.getByText('Announcement')).toBeTruthy();
    expect(screen.getByText('Internal letter')).toBeTruthy();
    expect(screen.getByText('1 unread')).toBeTruthy();
    expect(calls[0]).toEqual({
      path: 'app/account/message/list',
      method: 'POST',
      body: { page: 1, limit: 100, sidx: 'id', order: 'desc' },
    });
  });

  it('marks all read and refreshes the list', async () => {
    const { calls } = fakeApi({
      'app/account/message/list': page,
      'app/account/message/read': { unreadCount: 0 },
    });
    renderWithApp(<MessageDrawer open onClose={() => undefined} />);
    await screen.findByText('Welcome');
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'app/account/message/read')).toBe(true));
    expect(calls.find((c) => c.path === 'app/account/message/read')?.body).toEqual({ all: true });
    await waitFor(() => expect(calls.filter((c) => c.path === 'app/account/message/list')).toHaveLength(2));
  });

  it('opens a message on its detail page and closes the drawer', async () => {
    fakeApi({ 'app/account/message/list': page });
    const onClose = vi.fn();
    renderWithApp(<MessageDrawer open onClose={onClose} />);
    fireEvent.click(await screen.findByText('Welcome'));
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId('location').textContent).toBe('/cdn/message/detail?id=1');
  });

  it('"view more" goes to the message list', async () => {
    fakeApi({ 'app/account/message/list': page });
    renderWithApp(<MessageDrawer open onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'View more' }));
    expect(screen.getByTestId('location').textContent).toBe('/cdn/message');
  });

  it('shows the empty state', async () => {
    fakeApi({ 'app/account/message/list': { ...page, list: [], totalCount: 0, unreadCount: 0 } });
    renderWithApp(<MessageDrawer open onClose={() => undefined} />);
    expect(await screen.findByText('No messages')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark all read' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows a failed load as such, not as "no messages", and retries', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderWithApp(<MessageDrawer open onClose={() => undefined} />);
    expect(await screen.findByText('The messages could not be loaded')).toBeTruthy();
    expect(screen.queryByText('No messages')).toBeNull();
    expect(screen.queryByText('0 unread')).toBeNull();
    const { calls } = fakeApi({ 'app/account/message/list': page });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Welcome')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });
});
