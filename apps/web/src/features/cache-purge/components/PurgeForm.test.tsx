// @vitest-environment jsdom
import { PURGE_PATHS, type PurgeQuota, type PurgeTask } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PurgeForm } from '@/features/cache-purge/components/PurgeForm';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const quota = (remaining: number): PurgeQuota => ({
  site: { remaining, perMinute: 2, maxEntries: 200, dailyQuota: null, dailyUsed: 0 },
  url: { remaining, perMinute: 2, maxEntries: 200, dailyQuota: null, dailyUsed: 0 },
  dir: { remaining, perMinute: 2, maxEntries: 100, dailyQuota: null, dailyUsed: 0 },
  type: { remaining, perMinute: 2, maxEntries: 100, dailyQuota: null, dailyUsed: 0 },
  preheat: { remaining, perMinute: 2, maxEntries: 200, dailyQuota: null, dailyUsed: 0 },
});

const task: PurgeTask = {
  id: 9,
  kind: 'url',
  entries: ['https://www.example.com/a.html', 'https://www.example.com/b.html'],
  ignored: [],
  state: 'running',
  nodeTotal: 3,
  nodeDone: 0,
  nodeFailed: 0,
  createdAt: '2025-01-01T00:00:00Z',
  finishedAt: null,
};

const entriesBox = () => screen.getByLabelText('Entries (one per line)');
const type = (text: string) => fireEvent.change(entriesBox(), { target: { value: text } });
const submitButton = (name = 'Purge') => screen.getByText(name).closest('button')!;

describe('PurgeForm', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('shows this minute’s quota for the chosen kind', async () => {
    fakeApi({ [PURGE_PATHS.quota]: quota(2) });
    renderWithApp(<PurgeForm onSubmitted={() => undefined} />);
    expect((await screen.findByTestId('purge-quota')).textContent).toBe(
      '2 of 2 left this minute; up to 200 entries per submission',
    );
    fireEvent.click(screen.getByText('Purge directories'));
    await waitFor(() =>
      expect(screen.getByTestId('purge-quota').textContent).toBe(
        '2 of 2 left this minute; up to 100 entries per submission',
      ),
    );
    expect(screen.getByText('At most 100 entries per submission')).toBeTruthy();
  });

  it('refuses a bad line with its line number before calling the API', async () => {
    const { calls } = fakeApi({ [PURGE_PATHS.quota]: quota(2), [PURGE_PATHS.submit]: { task } });
    renderWithApp(<PurgeForm onSubmitted={() => undefined} />);
    await screen.findByTestId('purge-quota');
    type('https://www.example.com/a.html\n\nwww.example.com/b.html');
    fireEvent.click(submitButton());
    expect(
      await screen.findByText('Line 3 must start with http:// or https://: www.example.com/b.html'),
    ).toBeTruthy();
    expect(calls.some((c) => c.path === PURGE_PATHS.submit)).toBe(false);

    // The directory kind has its own rule, in the server's words.
    fireEvent.click(screen.getByText('Purge directories'));
    type('https://www.example.com/static');
    fireEvent.blur(entriesBox());
    expect(
      await screen.findByText('Line 1: a directory must end with /: https://www.example.com/static'),
    ).toBeTruthy();
    fireEvent.click(submitButton());
    expect(calls.some((c) => c.path === PURGE_PATHS.submit)).toBe(false);
  });

  it('counts the entries live and refuses more than the kind allows', async () => {
    const { calls } = fakeApi({ [PURGE_PATHS.quota]: quota(2) });
    renderWithApp(<PurgeForm onSubmitted={() => undefined} />);
    await screen.findByTestId('purge-quota');
    type('https://www.example.com/a\nhttps://www.example.com/a\nhttps://www.example.com/b');
    expect(screen.getByTestId('purge-count').textContent).toBe(
      'Entries: 2 / 200 (1 duplicates will be ignored)',
    );
    type(Array.from({ length: 201 }, (_, i) => `https://www.example.com/${i}.html`).join('\n'));
    fireEvent.click(submitButton());
    expect(await screen.findByText('At most 200 entries per submission')).toBeTruthy();
    expect(calls.some((c) => c.path === PURGE_PATHS.submit)).toBe(false);
  });

  it('asks for entries when submitted empty', async () => {
    const { calls } = fakeApi({ [PURGE_PATHS.quota]: quota(2) });
    renderWithApp(<PurgeForm onSubmitted={() => undefined} />);
    await screen.findByTestId('purge-quota');
    fireEvent.click(submitButton());
    expect(await screen.findByText('Enter what to refresh')).toBeTruthy();
    expect(calls.some((c) => c.path === PURGE_PATHS.submit)).toBe(false);
  });

  it('sends the text as typed, then clears it and shows the quota left', async () => {
    const { calls } = fakeApi({ [PURGE_PATHS.quota]: quota(2), [PURGE_PATHS.submit]: { task } });
    const onSubmitted = vi.fn();
    renderWithApp(<PurgeForm onSubmitted={onSubmitted} />);
    await screen.findByTestId('purge-quota');
    const text = 'https://www.example.com/a.html\n  https://www.example.com/b.html\n';
    type(text);
    // The next quota answer: one submission used.
    const later = fakeApi({ [PURGE_PATHS.quota]: quota(1), [PURGE_PATHS.submit]: { task } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(later.calls.some((c) => c.path === PURGE_PATHS.submit)).toBe(true));
    expect(calls.some((c) => c.path === PURGE_PATHS.submit)).toBe(false);
    expect(later.calls.find((c) => c.path === PURGE_PATHS.submit)!.body).toEqual({
      kind: 'url',
      entries: text,
    });
    expect(await screen.findByText('Submitted; the nodes are working on it')).toBeTruthy();
    expect(onSubmitted).toHaveBeenCalledWith(task);
    expect((entriesBox() as HTMLTextAreaElement).value).toBe('');
    await waitFor(() =>
      expect(screen.getByTestId('purge-quota').textContent).toBe(
        '1 of 2 left this minute; up to 200 entries per submission',
      ),
    );
  });

  it('keeps each kind’s text apart and labels the preheat button', async () => {
    fakeApi({ [PURGE_PATHS.quota]: quota(2) });
    renderWithApp(<PurgeForm onSubmitted={() => undefined} />);
    await screen.findByTestId('purge-quota');
    type('https://www.example.com/a.html');
    fireEvent.click(screen.getByText('Preheat URLs'));
    expect((entriesBox() as HTMLTextAreaElement).value).toBe('');
    expect(within(submitButton('Preheat')).getByText('Preheat')).toBeTruthy();
    fireEvent.click(screen.getByText('Purge URLs'));
    expect((entriesBox() as HTMLTextAreaElement).value).toBe('https://www.example.com/a.html');
  });
});
