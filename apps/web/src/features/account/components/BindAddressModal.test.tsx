// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { MENU_TYPE_VIEW, type MenuNode } from '@nimbus/contract';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ConsoleRoute } from '@/app/routing/menu-routes';
import { BindMobileGate } from '@/app/session/BindMobileGate';
import { BindAddressModal } from '@/features/account/components/BindAddressModal';
import { i18n } from '@/i18n';
import { tokenStore } from '@/shared/auth/token-store';
import { currentUserQueryKey } from '@/shared/auth/useCurrentUser';
import { FALLBACK_WEB_CONFIG } from '@/shared/config/useWebConfig';
import { FeedbackProvider } from '@/shared/feedback/FeedbackProvider';
import { setUpComponentTests } from '@/shared/test/render';

setUpComponentTests();
// antd forms validate asynchronously; a loaded machine needs more than the default second.
configure({ asyncUtilTimeout: 10_000 });

type Envelope = { code: number; msg: string; data?: unknown };
const WEB_CONFIG = {
  ...FALLBACK_WEB_CONFIG,
  power: { ...FALLBACK_WEB_CONFIG.power, bindMobile: 1 },
  switches: { ...FALLBACK_WEB_CONFIG.switches, MAIL_CONFIG_KEY: true, SMS_BAO: true },
};
const USER = { userId: 7, username: 'demo', mail: 'new@example.com', mobile: null };

/** Answers each `/api/<path>` from `answers` (config always), recording what was sent. */
function stubApi(answers: Record<string, Envelope>) {
  const calls: { path: string; body: unknown }[] = [];
  const all: Record<string, Envelope> = {
    'app/common/web/config': { code: 1, msg: '', data: WEB_CONFIG },
    ...answers,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname.replace(/^\/api\//, '');
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const envelope = all[path] ?? { code: 404, msg: `no fake for ${path}` };
      return new Response(JSON.stringify(envelope), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderModal(props: { channel: 'mail' | 'sms'; current: string | null }, beside?: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <FeedbackProvider>
        <MemoryRouter>
          {beside}
          <BindAddressModal {...props} open onClose={onClose} />
        </MemoryRouter>
      </FeedbackProvider>
    </QueryClientProvider>,
  );
  return { client, onClose };
}

/** The plan-purchase route, which needs a bound mobile (menu.trees.ts). */
function purchaseRoute(): ConsoleRoute {
  const node: MenuNode = {
    id: 'plan-purchase',
    parentId: null,
    type: MENU_TYPE_VIEW,
    path: '/cdn/plan/purchase',
    component: 'plan/purchase',
    meta: { title: 'menu.planPurchase', hidden: false, available: true, bindMobile: true },
  };
  return { node, path: node.path, component: node.component, trail: [node] };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const confirm = () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

describe('BindAddressModal', { timeout: 60_000 }, () => {
  it('binds an e-mail: field-named validation, code sent with a countdown, user info replaced', async () => {
    const calls = stubApi({
      'app/account/bind/code/send': { code: 1, msg: 'The code has been sent' },
      'app/account/bind/address': { code: 1, msg: 'E-mail bound', data: USER },
    });
    const { client, onClose } = renderModal({ channel: 'mail', current: null });
    expect(screen.getByText('Bind e-mail')).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();

    confirm();
    expect(await screen.findByText('E-mail cannot be empty')).toBeTruthy();
    expect(await screen.findByText('Verification code cannot be empty')).toBeTruthy();
    type('E-mail', 'not-an-address');
    expect(await screen.findByText('E-mail format error')).toBeTruthy();

    type('E-mail', 'new@example.com');
    type('Captcha', 'ab12');
    fireEvent.click(screen.getByTestId('send-code'));
    await waitFor(() => expect(screen.getByTestId('send-code').textContent).toMatch(/^Resend in \d+ s$/));
    const sent = calls.find((c) => c.path === 'app/account/bind/code/send');
    expect(sent?.body).toEqual({
      channel: 'mail',
      target: 'new@example.com',
      captcha: 'ab12',
      uuid: expect.any(String),
    });

    type('6-digit code', '123456');
    confirm();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === 'app/account/bind/address')?.body).toEqual({
      channel: 'mail',
      target: 'new@example.com',
      code: '123456',
    });
    // The bound-mobile gate and account info read this: they change without a reload.
    expect(client.getQueryData(currentUserQueryKey)).toEqual({ side: 'customer', user: USER });
  });

  it('changes a mobile: asks for the password and shows "already bound" from the server', async () => {
    const calls = stubApi({
      'app/account/bind/address': { code: 409, msg: 'This mobile number is already bound to an account' },
    });
    const { client, onClose } = renderModal({ channel: 'sms', current: '13800000000' });
    expect(screen.getByText('Change mobile number')).toBeTruthy();
    expect(screen.getByText(/Currently bound: 13800000000/)).toBeTruthy();

    type('New mobile number', '13911112222');
    type('6-digit code', '654321');
    confirm();
    expect(await screen.findByText('Password cannot be empty')).toBeTruthy();
    expect(calls.some((c) => c.path === 'app/account/bind/address')).toBe(false);

    type('Password', 'demo-pass-1');
    confirm();
    expect((await screen.findByTestId('bind-error')).textContent).toContain(
      'This mobile number is already bound to an account',
    );
    expect(calls.find((c) => c.path === 'app/account/bind/address')?.body).toEqual({
      channel: 'sms',
      target: '13911112222',
      code: '654321',
      password: 'demo-pass-1',
    });
    expect(onClose).not.toHaveBeenCalled();
    expect(client.getQueryData(currentUserQueryKey)).toBeUndefined();
  });

  it('after binding a mobile, the bound-mobile gate lets the customer through without a reload', async () => {
    const before = { ...USER, mail: 'demo@example.com', mobile: null };
    const after = { ...before, mobile: '13911112222' };
    stubApi({
      'app/account/userinfo': { code: 1, msg: '', data: before },
      'app/account/bind/code/send': { code: 1, msg: 'The code has been sent' },
      'app/account/bind/address': { code: 1, msg: 'Mobile number bound', data: after },
    });
    tokenStore.set('a-session-token');
    try {
      const gate = (
        <BindMobileGate route={purchaseRoute()}>
          <div>purchase page</div>
        </BindMobileGate>
      );
      renderModal({ channel: 'sms', current: null }, gate);
      expect(await screen.findByText('Bind a mobile number first')).toBeTruthy();
      expect(screen.queryByText('purchase page')).toBeNull();

      type('Mobile number', '13911112222');
      type('Captcha', 'ab12');
      fireEvent.click(screen.getByTestId('send-code'));
      await waitFor(() => expect(screen.getByTestId('send-code').textContent).toMatch(/^Resend in/));
      type('6-digit code', '123456');
      confirm();
      expect(await screen.findByText('purchase page')).toBeTruthy();
      expect(screen.queryByText('Bind a mobile number first')).toBeNull();
    } finally {
      tokenStore.clear();
    }
  });

  it('speaks Chinese', async () => {
    stubApi({});
    await i18n.changeLanguage('cn');
    try {
      renderModal({ channel: 'sms', current: null });
      expect(screen.getByText('绑定手机号')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: '确 定' }));
      expect(await screen.findByText('手机号不能为空')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
