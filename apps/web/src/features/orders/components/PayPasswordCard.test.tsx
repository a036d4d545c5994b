// @vitest-environment jsdom
import { ORDER_PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PayPasswordCard } from '@/features/orders/components/PayPasswordCard';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('PayPasswordCard', { timeout: 20_000 }, () => {
  setUpComponentTests();

  it('refuses a confirmation that differs, then sets the pay password and says it is set', async () => {
    const { calls } = fakeApi({
      [ORDER_PATHS.payPasswordStatus]: { set: false },
      [ORDER_PATHS.payPasswordReset]: { set: true },
    });
    renderWithApp(<PayPasswordCard />);
    expect(await screen.findByText('Not set')).toBeTruthy();
    type('Login password', 'secret-login');
    type('Pay password', '12345a');
    type('Confirm pay password', '12345a');
    fireEvent.click(screen.getByRole('button', { name: 'Set the pay password' }));
    expect(await screen.findByText('The pay password must be 6 digits')).toBeTruthy();

    type('Pay password', '123456');
    type('Confirm pay password', '123457');
    fireEvent.click(screen.getByRole('button', { name: 'Set the pay password' }));
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(calls.some((c) => c.path === ORDER_PATHS.payPasswordReset)).toBe(false);

    type('Confirm pay password', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Set the pay password' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === ORDER_PATHS.payPasswordReset)?.body).toEqual({
        password: 'secret-login',
        payPassword: '123456',
        confirmPayPassword: '123456',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Change the pay password' })).toBeTruthy();
    expect(screen.getByText('Set')).toBeTruthy();
    expect((screen.getByLabelText('Pay password') as HTMLInputElement).value).toBe('');
  });
});
