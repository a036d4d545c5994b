// @vitest-environment jsdom
import { PRODUCT_PATHS, WEB_CONFIG_DEFAULTS, WEB_CONFIG_PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { ProductList } from '@/features/products/components/ProductList';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const basic = {
  id: 4,
  kind: 'cdn_plan',
  name: 'Basic CDN',
  description: '',
  attrs: { domains: 10, https: true },
  prices: [{ unit: 'm', cents: 9_900 }],
  billingMode: 1,
  usagePriceCents: 0,
  onSale: true,
  sort: 0,
  createtime: '2026-11-23T03:00:00Z',
};

describe('ProductList', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('shows each product with its prices and quotas, and adds one with prices in whole cents', async () => {
    const { calls } = fakeApi({
      [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
      [PRODUCT_PATHS.adminList]: { list: [basic], totalCount: 1, pageSize: 20, currPage: 1 },
      [PRODUCT_PATHS.save]: { ...basic, id: 5, name: 'Pro CDN' },
    });
    renderWithApp(<ProductList />);
    await screen.findByText('¥99.00 / month');
    screen.getByText('Domains 10 · HTTPS');

    fireEvent.click(screen.getByRole('button', { name: /Add product/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Pro CDN' } });
    // No price yet: the form says so and sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('Set a price for at least one billing cycle');
    fireEvent.change(within(dialog).getByLabelText('Per year'), { target: { value: '1999.9' } });
    fireEvent.change(within(dialog).getByLabelText('Domains'), { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(calls.find((call) => call.path === PRODUCT_PATHS.save)?.body).toMatchObject({
        kind: 'cdn_plan',
        name: 'Pro CDN',
        billingMode: 1,
        onSale: false,
        attrs: { domains: 50 },
        prices: [{ unit: 'y', cents: 199_990 }],
      }),
    );
  });

  it('names each price field "per month, quarter, year, day, use", in both languages (issue 22)', async () => {
    fakeApi({
      [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
      [PRODUCT_PATHS.adminList]: { list: [], totalCount: 0, pageSize: 20, currPage: 1 },
    });
    renderWithApp(<ProductList />);
    fireEvent.click(await screen.findByRole('button', { name: /Add product/ }));
    const dialog = await screen.findByRole('dialog');
    for (const label of ['Per month', 'Per quarter', 'Per year', 'Per day', 'Per use'])
      within(dialog).getByLabelText(label);
    const cn = i18n.getFixedT('cn');
    expect(['m', 's', 'y', 'd', 'p'].map((unit) => cn(`products.cyclePrice.${unit}`))).toEqual([
      '按月',
      '按季度',
      '按年',
      '按天',
      '按次',
    ]);
    // The same units after a price ("¥30.00 / quarter") and in an order's length.
    expect(i18n.t('products.cycle.s')).toBe('quarter');
    expect(i18n.t('products.cycle.p')).toBe('use');
    expect(i18n.t('orders.cycleUnit.s')).toBe('quarter');
    expect(cn('products.cycle.s')).toBe('季度');
    expect(cn('orders.cycleUnit.s')).toBe('季度');
  });

  it('says beside each attribute Nimbus has nothing behind yet that it is not offered (issue 22)', async () => {
    fakeApi({
      [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
      [PRODUCT_PATHS.adminList]: { list: [], totalCount: 0, pageSize: 20, currPage: 1 },
    });
    renderWithApp(<ProductList />);
    fireEvent.click(await screen.findByRole('button', { name: /Add product/ }));
    const dialog = await screen.findByRole('dialog');
    const note = 'Nimbus does not offer this yet: it has no effect and customers are not shown it';
    const itemOf = (label: string) => within(dialog).getByLabelText(label).closest('.ant-form-item')!;
    for (const label of ['WAF', 'Defense (Gbps)', 'SMS messages'])
      expect(itemOf(label).textContent).toContain(note);
    for (const label of [
      'Domains',
      'Traffic (GB/month)',
      'Bandwidth (Mbps)',
      'HTTPS',
      'Layer-4 ports',
      'Purges (/day)',
    ])
      expect(itemOf(label).textContent).not.toContain(note);
    expect(i18n.getFixedT('cn')('products.form.notYet')).toBe(
      'Nimbus 尚未提供此项：填写后不起作用，也不会向客户展示',
    );
  });

  it("shows DNS quotas for a DNS plan and CDN quotas for the others, and sends only the kind's own (issue 22)", async () => {
    const { calls } = fakeApi({
      [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
      [PRODUCT_PATHS.adminList]: { list: [], totalCount: 0, pageSize: 20, currPage: 1 },
      [PRODUCT_PATHS.save]: { ...basic, id: 6, kind: 'dns_plan', name: 'DNS Pro' },
    });
    renderWithApp(<ProductList />);
    fireEvent.click(await screen.findByRole('button', { name: /Add product/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'DNS Pro' } });
    fireEvent.change(within(dialog).getByLabelText('Domains'), { target: { value: '50' } });
    expect(within(dialog).queryByLabelText('DNS domains')).toBeNull();

    fireEvent.mouseDown(within(dialog).getByLabelText('Product type'));
    fireEvent.click(await screen.findByTitle('DNS plan'));
    fireEvent.change(await within(dialog).findByLabelText('DNS domains'), { target: { value: '20' } });
    fireEvent.change(within(dialog).getByLabelText('Records per domain'), { target: { value: '500' } });
    fireEvent.click(within(dialog).getByLabelText('DNSSEC'));
    within(dialog).getByLabelText('Carrier and region lines');
    expect(within(dialog).queryByLabelText('Domains')).toBeNull();
    expect(within(dialog).queryByLabelText('HTTPS')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Per month'), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    // The CDN domains typed before the type changed are not sent with a DNS plan.
    await waitFor(() =>
      expect(calls.find((call) => call.path === PRODUCT_PATHS.save)?.body).toMatchObject({
        kind: 'dns_plan',
        attrs: { dnsZones: 20, dnsRecords: 500, dnssec: true },
      }),
    );
    expect(calls.find((call) => call.path === PRODUCT_PATHS.save)?.body).not.toHaveProperty('attrs.domains');
  });

  it('asks a plan billed by bandwidth for its price per Mbps, with help, and sends it in cents (issue 19 §4)', async () => {
    const { calls } = fakeApi({
      [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
      [PRODUCT_PATHS.adminList]: { list: [], totalCount: 0, pageSize: 20, currPage: 1 },
      [PRODUCT_PATHS.save]: { ...basic, id: 8, name: 'P95 CDN', billingMode: 3, usagePriceCents: 1234 },
    });
    renderWithApp(<ProductList />);
    fireEvent.click(await screen.findByRole('button', { name: /Add product/ }));
    const dialog = await screen.findByRole('dialog');
    // Billed by traffic: the price is for the overage, and may stay empty.
    within(dialog).getByLabelText('Overage price per GB');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'P95 CDN' } });
    fireEvent.change(within(dialog).getByLabelText('Per month'), { target: { value: '99' } });
    fireEvent.mouseDown(within(dialog).getByLabelText('Billing mode'));
    fireEvent.click(await screen.findByTitle('Monthly 95th percentile'));
    const field = await within(dialog).findByLabelText('Price per Mbps a month');
    within(dialog).getByText(/the month's 95th-percentile bandwidth in Mbps times this price/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText(
      'Usage price: a plan billed by bandwidth needs a price per Mbps of more than 0',
    );
    expect(calls.find((call) => call.path === PRODUCT_PATHS.save)).toBeUndefined();

    fireEvent.change(field, { target: { value: '12.34' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === PRODUCT_PATHS.save)?.body).toMatchObject({
        billingMode: 3,
        usagePriceCents: 1234,
      }),
    );
    const cn = i18n.getFixedT('cn');
    expect(cn('products.form.usagePricePerMbps')).toBe('每 Mbps 月单价');
  });

  it('shows a traffic package its size and validity only, with help, and sends no "per use" price (issue 22 §4)', async () => {
    const { calls } = fakeApi({
      [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
      [PRODUCT_PATHS.adminList]: { list: [], totalCount: 0, pageSize: 20, currPage: 1 },
      [PRODUCT_PATHS.save]: { ...basic, id: 7, kind: 'traffic_package', name: '100 GB' },
    });
    renderWithApp(<ProductList />);
    fireEvent.click(await screen.findByRole('button', { name: /Add product/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '100 GB' } });
    fireEvent.change(within(dialog).getByLabelText('Per use'), { target: { value: '5' } });

    fireEvent.mouseDown(within(dialog).getByLabelText('Product type'));
    fireEvent.click(await screen.findByTitle('Traffic package'));
    fireEvent.change(await within(dialog).findByLabelText('Traffic (GB)'), { target: { value: '100' } });
    within(dialog).getByText(/drawn before the CDN plan's own monthly traffic/);
    within(dialog).getByText('The billing cycle is how long the package is valid; in yuan');
    expect(within(dialog).queryByLabelText('Per use')).toBeNull();
    expect(within(dialog).queryByLabelText('Domains')).toBeNull();
    // Kept in the form (hidden) so a change back to a plan still has one.
    // `hidden` alone is not enough: antd's column style shows the element anyway.
    const item = within(dialog).getByLabelText('Billing mode').closest('.ant-form-item');
    expect(item?.parentElement?.style.display).toBe('none');
    fireEvent.change(within(dialog).getByLabelText('Per year'), { target: { value: '80' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(calls.find((call) => call.path === PRODUCT_PATHS.save)?.body).toEqual(
        expect.objectContaining({
          kind: 'traffic_package',
          attrs: { traffic: 100 },
          prices: [{ unit: 'y', cents: 8_000 }],
        }),
      ),
    );
    const cn = i18n.getFixedT('cn');
    expect([cn('products.kind.traffic_package'), cn('products.form.packageTraffic')]).toEqual([
      '流量包',
      '流量（GB）',
    ]);
  });
});

describe('ProductList: certificate products (issue 22 §4)', { timeout: 60_000 }, () => {
  setUpComponentTests();

  const paid = {
    ...basic,
    id: 7,
    kind: 'ssl',
    name: 'OV SSL',
    attrs: {},
    ssl: {
      ca: 'paid',
      directoryUrl: 'https://acme.ca.test/directory',
      eabKid: 'kid-1',
      eabHmacKey: '',
      eabHmacKeySet: true,
      maxDomains: 2,
    },
  };

  it('adds a paid certificate product with its CA, EAB and terms, and no quotas', async () => {
    const { calls } = fakeApi({
      [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
      [PRODUCT_PATHS.adminList]: { list: [], totalCount: 0, pageSize: 20, currPage: 1 },
      [PRODUCT_PATHS.save]: paid,
    });
    renderWithApp(<ProductList />);
    fireEvent.click(await screen.findByRole('button', { name: /Add product/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByLabelText('Product type'));
    fireEvent.click(await screen.findByTitle('SSL certificate'));
    // The help says what the customer pays for and that renewals within it are free.
    await within(dialog).findByText(/within the period the customer paid for they are renewed automatically/);
    expect(within(dialog).queryByLabelText('Domains')).toBeNull();
    fireEvent.mouseDown(within(dialog).getByLabelText('Certificate authority'));
    fireEvent.click(await screen.findByTitle('Paid CA (own ACME directory)'));
    await within(dialog).findByLabelText('ACME directory URL');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'OV SSL' } });
    fireEvent.change(within(dialog).getByLabelText('Per year'), { target: { value: '300' } });
    fireEvent.change(within(dialog).getByLabelText('Most domain names'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The paid CA's fields are required, each named.
    await within(dialog).findByText('ACME directory URL cannot be empty');
    within(dialog).getByText('EAB HMAC key cannot be empty');
    fireEvent.change(within(dialog).getByLabelText('ACME directory URL'), {
      target: { value: 'https://acme.ca.test/directory' },
    });
    fireEvent.change(within(dialog).getByLabelText('EAB key ID'), { target: { value: 'kid-1' } });
    fireEvent.change(within(dialog).getByLabelText('EAB HMAC key'), { target: { value: 'c2VjcmV0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === PRODUCT_PATHS.save)?.body).toEqual(
        expect.objectContaining({
          kind: 'ssl',
          attrs: {},
          prices: [{ unit: 'y', cents: 30_000 }],
          ssl: {
            ca: 'paid',
            directoryUrl: 'https://acme.ca.test/directory',
            eabKid: 'kid-1',
            eabHmacKey: 'c2VjcmV0',
            maxDomains: 2,
          },
        }),
      ),
    );
  });

  it('lists a package by its size and certificates and packages without a billing mode', async () => {
    const pack = { ...basic, id: 9, kind: 'traffic_package', name: 'Ten GB', attrs: { traffic: 10 } };
    fakeApi({
      [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
      [PRODUCT_PATHS.adminList]: { list: [basic, pack, paid], totalCount: 3, pageSize: 20, currPage: 1 },
    });
    renderWithApp(<ProductList />);
    const row = async (name: string) => within((await screen.findByText(name)).closest('tr')!);
    (await row('Ten GB')).getByText('Traffic (GB) 10');
    expect((await row('Ten GB')).queryByText('Monthly traffic')).toBeNull();
    expect((await row(paid.name)).queryByText('Monthly traffic')).toBeNull();
    (await row('Basic CDN')).getByText('Monthly traffic');
  });

  it('edits one keeping the stored HMAC key when it is left empty', async () => {
    const { calls } = fakeApi({
      [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
      [PRODUCT_PATHS.adminList]: { list: [paid], totalCount: 1, pageSize: 20, currPage: 1 },
      [PRODUCT_PATHS.save]: paid,
    });
    renderWithApp(<ProductList />);
    await screen.findByText('Paid CA (own ACME directory) · domains: at most 2');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/A key is stored and is never shown/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === PRODUCT_PATHS.save)?.body).toMatchObject({
        id: 7,
        ssl: { ca: 'paid', eabKid: 'kid-1', eabHmacKey: '' },
      }),
    );
    const cn = i18n.getFixedT('cn');
    expect(cn('products.kind.ssl')).toBe('SSL 证书');
    expect(cn('field.eabHmacKey')).toBe('EAB HMAC 密钥');
  });

  it('opens a product for editing with its own kind and values right after another was added', async () => {
    fakeApi({
      [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
      [PRODUCT_PATHS.adminList]: { list: [paid], totalCount: 1, pageSize: 20, currPage: 1 },
      [PRODUCT_PATHS.save]: { ...basic, id: 8, name: 'Pro CDN' },
    });
    renderWithApp(<ProductList />);
    await screen.findByText('OV SSL');
    fireEvent.click(screen.getByRole('button', { name: /Add product/ }));
    const added = await screen.findByRole('dialog');
    fireEvent.change(within(added).getByLabelText('Name'), { target: { value: 'Pro CDN' } });
    fireEvent.change(within(added).getByLabelText('Per month'), { target: { value: '1000' } });
    fireEvent.click(within(added).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const edited = await screen.findByRole('dialog');
    expect(within(edited).getByLabelText('Name')).toHaveProperty('value', 'OV SSL');
    expect(within(edited).getByLabelText('Per month')).toHaveProperty('value', '99.00');
    expect(within(edited).getByLabelText('EAB key ID')).toHaveProperty('value', 'kid-1');
  });
});
