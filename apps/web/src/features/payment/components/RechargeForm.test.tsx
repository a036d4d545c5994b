// @vitest-environment jsdom
import { ACCOUNT_API, PAYMENT_PATHS, WEB_CONFIG_DEFAULTS, WEB_CONFIG_PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RechargePage } from '@/features/payment/pages/RechargePage';
import { tokenStore } from '@/shared/auth/token-store';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const web = {
  [WEB_CONFIG_PATHS.get]: {
    ...WEB_CONFIG_DEFAULTS,
    price: { ...WEB_CONFIG_DEFAULTS.price, rechargeMinimum: 80 },
  },
};
const handoff = {
  gateway: 'easypay',
  outTradeNo: '20261123000000000042',
  totalAmount: 10_000,
  body: 'Balance recharge',
  action: { kind: 'redirect', url: 'https://pay.example.com/submit.php?x=1' },
};

describe('RechargePage', { timeout: 20_000 }, () => {
  setUpComponentTests();
  afterEach(() => tokenStore.clear());

  it('refuses an amount below the minimum, then posts the chosen whole amount and gateway', async () => {
    tokenStore.set('token');
    const { calls } = fakeApi({
      ...web,
      [ACCOUNT_API.customer.userInfo]: { username: 'alice', propertyBalance: 1_234 },
      [PAYMENT_PATHS.channels]: [{ gateway: 'easypay', method: 9 }],
      [PAYMENT_PATHS.recharge]: handoff,
    });
    renderWithApp(<RechargePage />);
    expect(await screen.findByText('¥12.34')).toBeTruthy();
    expect((await screen.findByLabelText('Easy pay')).getAttribute('type')).toBe('radio');
    // Quick amounts below the minimum (¥50) are not offered.
    expect(screen.queryByLabelText('¥50.00')).toBeNull();

    fireEvent.change(screen.getByLabelText('Recharge amount'), { target: { value: '60' } });
    fireEvent.click(screen.getByText('Go to pay'));
    expect(await screen.findByText('The recharge amount must be at least ¥80.00')).toBeTruthy();
    expect(calls.some((c) => c.path === PAYMENT_PATHS.recharge)).toBe(false);

    fireEvent.click(screen.getByLabelText('¥100.00'));
    fireEvent.click(screen.getByText('Go to pay'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === PAYMENT_PATHS.recharge)?.body).toEqual({
        amount: 100,
        gateway: 'easypay',
        console: 'cdn',
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/payment/handoff/20261123000000000042/10000/Balance%20recharge',
      ),
    );
  });

  it('with no gateway switched on, says so in the spec words and cannot be submitted', async () => {
    const { calls } = fakeApi({ ...web, [PAYMENT_PATHS.channels]: [] });
    renderWithApp(<RechargePage />);
    expect(
      await screen.findByText(
        'Payment channel not enabled: contact the administrator to enable the recharge channel',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByLabelText('¥100.00'));
    const submit = screen.getByText('Go to pay').closest('button')!;
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.click(submit);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((c) => c.path === PAYMENT_PATHS.recharge)).toBe(false);
  });
});
