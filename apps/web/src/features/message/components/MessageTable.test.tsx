// @vitest-environment jsdom
import type { Message, MessagePage } from '@nimbus/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageTable } from '@/features/message/components/MessageTable';
import { themeSettings } from '@/shared/settings/theme-settings';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const message = (id: number): Message => ({
  id,
  title: `Message ${id}`,
  content: 'body',
  createtime: '2025-01-02T03:04:05.000Z',
  type: 1,
  status: 1,
  readStatus: 1,
});

// The newest 100, as the server sends them (id descending).
const newest: MessagePage = {
  list: Array.from({ length: 100 }, (_, i) => message(100 - i)),
  totalCount: 130,
  pageSize: 100,
  currPage: 1,
  unreadCount: 0,
};

const shownTitles = () => screen.getAllByRole('link').map((link) => link.textContent);

describe('MessageTable', { timeout: 30_000 }, () => {
  setUpComponentTests();
  beforeEach(() => themeSettings.reset());

  it('pages the newest 100 with the preferred page size (20 by default)', async () => {
    fakeApi({ 'app/account/message/list': newest });
    renderWithApp(<MessageTable />);
    await screen.findByText('Message 100');
    expect(shownTitles()).toHaveLength(20);
    expect(screen.getByText('100 items in total')).toBeTruthy();
    fireEvent.click(screen.getByTitle('3'));
    expect(shownTitles()).toEqual(Array.from({ length: 20 }, (_, i) => `Message ${60 - i}`));
  });

  it('follows a page size preference changed while the list is open', async () => {
    fakeApi({ 'app/account/message/list': newest });
    renderWithApp(<MessageTable />);
    await screen.findByText('Message 100');
    fireEvent.click(screen.getByTitle('2'));
    act(() => themeSettings.update({ table: { pageSize: 50 } }));
    expect(shownTitles()).toHaveLength(50);
    expect(shownTitles()[0]).toBe('Message 100');
  });

  it('shows a failed load with a retry instead of "no messages"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderWithApp(<MessageTable />);
    expect(await screen.findByText('The messages could not be loaded')).toBeTruthy();
    expect(screen.queryByText('No messages')).toBeNull();
    fakeApi({ 'app/account/message/list': newest });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Message 100')).toBeTruthy();
  });
});
