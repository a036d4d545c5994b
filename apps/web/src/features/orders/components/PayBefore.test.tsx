// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PayBefore } from '@/features/orders/components/PayBefore';
import { renderWithApp, setUpComponentTests } from '@/shared/test/render';

describe('PayBefore', () => {
  setUpComponentTests();

  it('counts the minutes left while the order can be paid, without asking for its state', () => {
    const onExpired = vi.fn();
    const expiresAt = new Date(Date.now() + 9.5 * 60_000).toISOString();
    renderWithApp(<PayBefore expiresAt={expiresAt} onExpired={onExpired} />);
    expect(screen.getByText('(about 10 min left)')).toBeTruthy();
    expect(onExpired).not.toHaveBeenCalled();
  });

  it("says the time is up and asks for the order's new state", async () => {
    const onExpired = vi.fn();
    renderWithApp(<PayBefore expiresAt="2026-01-01T00:00:00Z" onExpired={onExpired} />);
    expect(screen.getByText('2026-01-01 08:00:00', { exact: false })).toBeTruthy();
    expect(screen.getByText('(the time to pay is up)')).toBeTruthy();
    await waitFor(() => expect(onExpired).toHaveBeenCalledTimes(1));
  });
});
