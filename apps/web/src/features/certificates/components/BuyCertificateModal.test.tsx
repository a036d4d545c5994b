// @vitest-environment jsdom
import {
  CERTIFICATE_PATHS,
  PRODUCT_PATHS,
  SITE_PATHS,
  SSL_ORDER_PATHS,
  type Product,
} from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { BuyCertificateModal } from '@/features/certificates/components/BuyCertificateModal';
import { CertificateList } from '@/features/certificates/components/CertificateList';
import { certRow, inDays, pageOf as certificatePage } from '@/features/certificates/components/test-fixtures';
import { pageOf, product, webConfig } from '@/features/plans/components/test-fixtures';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const sites = pageOf(['a.example.com', '*.example.com'].map((domain, i) => ({ id: i + 1, domain })));
const ssl = (patch: Partial<Product> & Pick<Product, 'id' | 'name'>): Product =>
  product({
    kind: 'ssl',
    attrs: {},
    prices: [{ unit: 'y', cents: 30_000 }],
    ssl: {
      ca: 'paid',
      directoryUrl: '',
      eabKid: '',
      eabHmacKey: '',
      eabHmacKeySet: true,
      maxDomains: 2,
    },
    ...patch,
  });
const order = (patch: object) => ({
  serialNumber: 'S1',
  userId: 1,
  username: 'demo',
  type: 20,
  state: 'unpaid',
  amount: 30_000,
  currency: 'CNY',
  body: '',
  productId: 7,
  planId: null,
  cycle: 'y',
  quantity: 1,
  payMethod: null,
  createtime: '2026-11-28T00:00:00Z',
  expiresAt: '2026-11-28T00:30:00Z',
  paidAt: null,
  endedAt: null,
  voidReason: null,
  ...patch,
});

// antd dialogs and selects are slow under jsdom on a shared machine.
describe('Buying and renewing certificates (issue 22 §4)', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('buys a paid certificate for own domains and goes to pay the order', async () => {
    const { calls } = fakeApi({
      ...webConfig,
      [PRODUCT_PATHS.list]: pageOf([
        ssl({ id: 7, name: 'OV SSL' }),
        ssl({
          id: 8,
          name: 'Free SSL',
          ssl: { ...ssl({ id: 8, name: '' }).ssl!, ca: 'free', maxDomains: 1 },
        }),
      ]),
      [SITE_PATHS.list]: sites,
      [SSL_ORDER_PATHS.buy]: order({}),
    });
    renderWithApp(<BuyCertificateModal open onClose={() => {}} />);
    await screen.findByText('OV SSL');
    // Each card says what its certificate carries, not the plans' "no quota set".
    screen.getByRole('radio', { name: /OV SSL.*Issued by the product’s CA · domains: at most 2/ });
    screen.getByRole('radio', { name: /Free SSL.*Issued by the platform’s CA · domains: at most 1/ });
    expect(screen.queryByText('No quotas set')).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.path === SITE_PATHS.list)).toBe(true));
    // Wildcard names cannot be issued over HTTP validation: the wildcard site is not offered.
    fireEvent.mouseDown(screen.getByLabelText('Domains'));
    fireEvent.click(await screen.findByTitle('a.example.com'));
    expect(screen.queryByTitle('*.example.com')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === SSL_ORDER_PATHS.buy)?.body).toEqual({
        productId: 7,
        cycle: 'y',
        quantity: 1,
        domains: ['a.example.com'],
        name: '',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/payment/order/S1'));
  });

  it('says so when nothing is on sale', async () => {
    fakeApi({ ...webConfig, [PRODUCT_PATHS.list]: pageOf([]), [SITE_PATHS.list]: sites });
    renderWithApp(<BuyCertificateModal open onClose={() => {}} />);
    await screen.findByText('No certificate products are on sale. Contact the administrator.');
    expect(i18n.getFixedT('cn')('certificates.buy.none')).toBe('暂无在售的证书产品，请联系管理员。');
  });

  it('says when the products cannot be loaded, with a retry', async () => {
    // No fake for the product list: it answers 404.
    fakeApi({ ...webConfig, [SITE_PATHS.list]: sites });
    renderWithApp(<BuyCertificateModal open onClose={() => {}} />);
    await screen.findByText('The certificate products could not be loaded.');
    screen.getByRole('button', { name: 'Retry' });
  });

  it('gives a free certificate at once: no payment, the list shows it', async () => {
    let closed = false;
    const { calls } = fakeApi({
      ...webConfig,
      [PRODUCT_PATHS.list]: pageOf([ssl({ id: 8, name: 'Free SSL', prices: [{ unit: 'm', cents: 0 }] })]),
      [SITE_PATHS.list]: sites,
      [SSL_ORDER_PATHS.buy]: order({ type: 22, state: 'paid', amount: 0 }),
    });
    renderWithApp(<BuyCertificateModal open onClose={() => (closed = true)} />);
    await screen.findByText('Free SSL');
    fireEvent.mouseDown(screen.getByLabelText('Domains'));
    fireEvent.click(await screen.findByTitle('a.example.com'));
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByText('The certificate is free: it is being issued now');
    expect(closed).toBe(true);
    expect(screen.getByTestId('location').textContent).toBe('/');
    expect(calls.find((c) => c.path === SSL_ORDER_PATHS.buy)?.body).toMatchObject({ cycle: 'm' });
  });

  it('shows a bought certificate past its paid period as such, and renews it by order', async () => {
    const bought = certRow(3, 'succeeded', { productId: 7, paidUntil: inDays(-1) });
    const { calls } = fakeApi({
      ...webConfig,
      [CERTIFICATE_PATHS.list]: certificatePage([bought, certRow(4, 'succeeded')]),
      [PRODUCT_PATHS.list]: pageOf([ssl({ id: 7, name: 'OV SSL' })]),
      [SSL_ORDER_PATHS.renewOrder]: order({ type: 21, serialNumber: 'S2' }),
    });
    renderWithApp(<CertificateList />);
    const row = (await screen.findByText('cert-3')).closest('tr')!;
    within(row).getByText('Paid period ended — renew');
    // One bought here renews itself; "Renew" orders more paid time.
    const other = screen.getByText('cert-4').closest('tr')!;
    expect(within(other).queryByText('Paid period ended — renew')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/Paid period until/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === SSL_ORDER_PATHS.renewOrder)?.body).toEqual({
        id: 3,
        cycle: 'y',
        quantity: 1,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/payment/order/S2'));
    expect(i18n.getFixedT('cn')('certificate.paidPeriodEnded')).toBe('付费期已结束，请续费');
  });
});
