// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PublishAnnouncementForm } from '@/features/announcement/components/PublishAnnouncementForm';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const published = {
  id: 7,
  title: 'Hi',
  content: 'All',
  createtime: '2025-01-01T00:00:00Z',
  type: 2,
  status: 1,
  readCount: 0,
};

describe('PublishAnnouncementForm', { timeout: 20_000 }, () => {
  setUpComponentTests();

  it('names the empty fields with the contract message and sends nothing', async () => {
    const { calls } = fakeApi({});
    renderWithApp(<PublishAnnouncementForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Title cannot be empty')).toBeTruthy();
    expect(screen.getByText('Content cannot be empty')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('asks before publishing; cancelling sends nothing', async () => {
    const { calls } = fakeApi({ 'sys/message/publish': published });
    renderWithApp(<PublishAnnouncementForm />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Hi' } });
    fireEvent.change(screen.getByLabelText('Content'), { target: { value: 'All' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect((await screen.findAllByText('Publish this announcement?')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Publishing canceled')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('publishes the trimmed title and content after confirmation', async () => {
    const { calls } = fakeApi({ 'sys/message/publish': published });
    renderWithApp(<PublishAnnouncementForm />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: '  Hi  ' } });
    fireEvent.change(screen.getByLabelText('Content'), { target: { value: 'Line 1\nLine 2 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(dialog.querySelector('.ant-btn-primary')!);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      path: 'sys/message/publish',
      method: 'POST',
      body: { title: 'Hi', content: 'Line 1\nLine 2' },
    });
    expect(await screen.findByText('Announcement published')).toBeTruthy();
  });
});
