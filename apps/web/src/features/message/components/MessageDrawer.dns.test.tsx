// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost/dns/dashboard" }
import type { MessagePage } from '@nimbus/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentVariant } from '@/app/variant';
import { MessageDrawer } from '@/features/message/components/MessageDrawer';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const page: MessagePage = {
  list: [
    {
      id: 3,
      title: 'DNS maintenance',
      content: 'body',
      createtime: '2025-01-02T03:04:05.000Z',
      type: 2,
      status: 1,
      readStatus: 0,
    },
  ],
  totalCount: 1,
  pageSize: 100,
  currPage: 1,
  unreadCount: 1,
};

// The DNS console's router basename is /dns, so its links carry no product prefix of their own.
describe('MessageDrawer (DNS customer console)', { timeout: 20_000 }, () => {
  setUpComponentTests();

  it('runs as the DNS customer console', () => {
    expect(currentVariant.variant).toBe('dns-user');
  });

  it('opens a message at /message/detail inside the /dns router', async () => {
    fakeApi({ 'app/account/message/list': page });
    renderWithApp(<MessageDrawer open onClose={() => undefined} />);
    fireEvent.click(await screen.findByText('DNS maintenance'));
    expect(screen.getByTestId('location').textContent).toBe('/message/detail?id=3');
  });

  it('"view more" opens /message inside the /dns router', async () => {
    fakeApi({ 'app/account/message/list': page });
    renderWithApp(<MessageDrawer open onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'View more' }));
    expect(screen.getByTestId('location').textContent).toBe('/message');
  });
});
