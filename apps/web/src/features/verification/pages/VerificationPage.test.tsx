// @vitest-environment jsdom
import {
  VERIFICATION_PATHS,
  WEB_CONFIG_DEFAULTS,
  WEB_CONFIG_PATHS,
  type VerificationStatus,
} from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VerificationPage } from '@/features/verification/pages/VerificationPage';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const fresh: VerificationStatus = {
  state: null,
  realnameStatus: 2,
  realnameName: null,
  realnameCertificatetype: null,
  realnameCertificateid: null,
  fee: 300,
  orderSerial: null,
  faceAvailable: false,
  reason: null,
};
const feeDue: VerificationStatus = {
  ...fresh,
  state: 'fee_unpaid',
  realnameStatus: 0,
  realnameName: '张*三',
  realnameCertificateid: '1101**********002X',
  orderSerial: '20261123000000123456',
};
const web = { [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} } };

describe('VerificationPage', { timeout: 20_000 }, () => {
  setUpComponentTests();

  it('refuses a bad ID number before sending, then submits and shows the fee to pay', async () => {
    const { calls } = fakeApi({
      ...web,
      [VERIFICATION_PATHS.status]: fresh,
      [VERIFICATION_PATHS.submit]: feeDue,
    });
    renderWithApp(<VerificationPage />);
    fireEvent.change(await screen.findByLabelText('Real name'), { target: { value: '张小三' } });
    fireEvent.change(screen.getByLabelText('ID number'), { target: { value: '110105194912310021' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('ID card number format error')).toBeTruthy();
    expect(calls.some((c) => c.path === VERIFICATION_PATHS.submit)).toBe(false);

    fireEvent.change(screen.getByLabelText('ID number'), { target: { value: '11010519491231002X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === VERIFICATION_PATHS.submit)?.body).toEqual({
        realnameName: '张小三',
        realnameCertificatetype: 1,
        realnameCertificateid: '11010519491231002X',
      }),
    );
    expect(await screen.findByText('Pay the verification fee of ¥3.00 to go on')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pay the fee' }).getAttribute('href')).toBe(
      '/payment/order/20261123000000123456',
    );
  });

  it('asks the server for the face result when the provider sends the person back', async () => {
    const { calls } = fakeApi({
      ...web,
      [VERIFICATION_PATHS.status]: { ...feeDue, state: 'face_pending', faceAvailable: true },
      [VERIFICATION_PATHS.faceResult]: { ...feeDue, state: 'approved', realnameStatus: 1 },
    });
    renderWithApp(<VerificationPage />, { path: '/?face=tencent' });
    expect(await screen.findByText('Your identity is verified')).toBeTruthy();
    expect(calls.filter((c) => c.path === VERIFICATION_PATHS.faceResult)).toHaveLength(1);
  });
});
