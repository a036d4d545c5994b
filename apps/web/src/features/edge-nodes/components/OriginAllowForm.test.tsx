// @vitest-environment jsdom
import { ORIGIN_POLICY_PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OriginAllowForm } from '@/features/edge-nodes/components/OriginAllowForm';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

// antd forms validate asynchronously; a loaded machine needs more than the default second.
const slow = { timeout: 5000 };

describe('OriginAllowForm', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('shows the saved ranges one per line, refuses a bad line by number and saves the text', async () => {
    const { calls } = fakeApi({
      [ORIGIN_POLICY_PATHS.info]: { allowRanges: ['127.0.0.0/8'] },
      [ORIGIN_POLICY_PATHS.save]: { allowRanges: ['127.0.0.0/8', '10.0.0.0/8'] },
    });
    renderWithApp(<OriginAllowForm />);
    const ranges = await screen.findByLabelText('Allowed ranges');
    await waitFor(() => expect((ranges as HTMLTextAreaElement).value).toBe('127.0.0.0/8'));
    expect(screen.getByText(/Add 127\.0\.0\.0\/8 for a trial on one machine/)).toBeTruthy();

    fireEvent.change(ranges, { target: { value: '127.0.0.0/8\n0x7f.1' } });
    expect(
      await screen.findByText(/Line 2: 0x7f\.1 is not an IP address or CIDR block/, {}, slow),
    ).toBeTruthy();

    fireEvent.change(ranges, { target: { value: '127.0.0.0/8\n10.0.0.0/8' } });
    fireEvent.click(screen.getByText('Save').closest('button')!);
    await waitFor(() => expect(calls.some((c) => c.path === ORIGIN_POLICY_PATHS.save)).toBe(true));
    expect(calls.find((c) => c.path === ORIGIN_POLICY_PATHS.save)!.body).toEqual({
      allowRanges: '127.0.0.0/8\n10.0.0.0/8',
    });
    expect(await screen.findByText('Saved successfully')).toBeTruthy();
  });
});
