// @vitest-environment jsdom
import { MESSAGE_PATHS, type AdminMessage, type Page } from '@nimbus/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AnnouncementTable } from '@/features/announcement/components/AnnouncementTable';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const published: Page<AdminMessage> = {
  list: [
    {
      id: 4,
      title: 'Network upgrade',
      content: 'body',
      createtime: '2025-01-02T03:04:05.000Z',
      type: 2,
      status: 1,
      readCount: 3,
    },
  ],
  totalCount: 1,
  pageSize: 20,
  currPage: 1,
};

describe('AnnouncementTable', { timeout: 20_000 }, () => {
  setUpComponentTests();

  it('shows a failed load with a retry, not "no announcements"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderWithApp(<AnnouncementTable />);
    expect(await screen.findByText('The announcements could not be loaded')).toBeTruthy();
    expect(screen.queryByText('No announcements published yet')).toBeNull();
    fakeApi({ [MESSAGE_PATHS.adminList]: published });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Network upgrade')).toBeTruthy();
  });
});
