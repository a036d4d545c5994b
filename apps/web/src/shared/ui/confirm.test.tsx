// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { useConfirm } from './confirm';
import { stubBrowserApis } from './test-setup';
import { FeedbackProvider } from '@/shared/feedback/FeedbackProvider';

let api: ReturnType<typeof useConfirm>;
function Probe() {
  api = useConfirm();
  return null;
}

describe('useConfirm', () => {
  beforeAll(async () => {
    stubBrowserApis();
    await i18n.changeLanguage('en');
  });
  afterEach(cleanup);

  it('batch delete with nothing selected only warns', async () => {
    render(
      <FeedbackProvider>
        <Probe />
      </FeedbackProvider>,
    );
    const onOk = vi.fn();
    let result: boolean | undefined;
    await act(async () => {
      result = await api.confirmBatchDelete([], { onOk });
    });
    expect(result).toBe(false);
    expect(onOk).not.toHaveBeenCalled();
    // The first toast loads the feedback host's chunk: slow on a busy machine.
    expect(
      await screen.findByText('Please select the items to delete first', {}, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('cancelling says "Operation canceled" and does not delete', async () => {
    render(
      <FeedbackProvider>
        <Probe />
      </FeedbackProvider>,
    );
    const onOk = vi.fn();
    let pending!: Promise<boolean>;
    act(() => {
      pending = api.confirmDelete({ onOk });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(pending).resolves.toBe(false);
    expect(onOk).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByText('Operation canceled')).toBeTruthy());
  });

  it('confirming runs the deletion and reports success', async () => {
    render(
      <FeedbackProvider>
        <Probe />
      </FeedbackProvider>,
    );
    const onOk = vi.fn().mockResolvedValue(undefined);
    let pending!: Promise<boolean>;
    act(() => {
      pending = api.confirmBatchDelete([1, 2], { onOk });
    });
    expect(await screen.findByText('Delete the 2 selected items? This cannot be undone.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(pending).resolves.toBe(true);
    expect(onOk).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByText('Deleted successfully')).toBeTruthy());
  });
});
