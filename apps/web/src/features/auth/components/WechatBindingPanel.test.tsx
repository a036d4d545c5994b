// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WechatBindingPanel } from '@/features/auth/components/WechatBindingPanel';
import { i18n } from '@/i18n';
import { TOKEN_KEY } from '@/shared/auth/token-store';
import { FALLBACK_WEB_CONFIG } from '@/shared/config/useWebConfig';
import { renderWithApp, setUpComponentTests } from '@/shared/test/render';

type Reply = { code: number; msg: string; data?: unknown };
let replies: Record<string, Reply[]>;
let calls: { path: string; body: unknown }[];
const TICKET_PATH = 'app/account/login/wechat/ticket';

/** Per path a queue of envelopes (the last one repeats); unknown paths answer code 404. */
function serve(registerCommon: 0 | 1 = 1) {
  replies['app/common/web/config'] = [
    {
      code: 1,
      msg: '',
      data: {
        ...FALLBACK_WEB_CONFIG,
        power: { ...FALLBACK_WEB_CONFIG.power, register: 0, registerCommon },
        switches: { ...FALLBACK_WEB_CONFIG.switches, MAIL_CONFIG_KEY: true },
      },
    },
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL, init?: RequestInit) => {
      const path = new URL(input).pathname.replace(/^\/api\//, '');
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const queue = replies[path] ?? [{ code: 404, msg: `no fake for ${path}` }];
      const reply = queue.length > 1 ? queue.shift()! : queue[0]!;
      return new Response(JSON.stringify(reply), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}
const type = (placeholder: string, value: string) =>
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
const location = () => screen.getByTestId('location').textContent;
const openAt = (search = '?ticket=t-1') =>
  renderWithApp(<WechatBindingPanel />, { path: `/register-binding${search}` });
const EXPIRED = 'This binding link has expired or has been used';

describe('register-binding', { timeout: 60_000 }, () => {
  setUpComponentTests();
  beforeEach(() => {
    localStorage.clear();
    calls = [];
    replies = { [TICKET_PATH]: [{ code: 1, msg: '', data: { nickname: 'wx-nick', expiresIn: 500 } }] };
  });

  it('without a ticket, or with an expired or used one, says so and leads back to sign in', async () => {
    serve();
    const none = openAt('');
    expect(await screen.findByText(EXPIRED)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
    none.unmount();

    replies[TICKET_PATH] = [{ code: 400, msg: 'expired' }];
    openAt();
    expect(await screen.findByText(EXPIRED)).toBeTruthy();
    expect(calls.find((c) => c.path.startsWith(TICKET_PATH))).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('creates a new account with the ticket and signs in', async () => {
    replies['app/account/login/wechat/register'] = [{ code: 1, msg: '', data: { token: 'tok-new' } }];
    serve();
    openAt();
    expect(await screen.findByText(/“wx-nick” is not bound to any account yet/)).toBeTruthy();
    // Once web config is in, the e-mail channel is the one offered.
    await waitFor(() => expect(calls.some((c) => c.path === 'app/common/web/config')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Register and sign in' }));
    expect(await screen.findByText('Username cannot be empty')).toBeTruthy();
    expect(calls.some((c) => c.path === 'app/account/login/wechat/register')).toBe(false);

    type('Username (4-32 letters, digits or @ . _ -)', 'wxuser');
    type('Password (4-32, no Chinese)', 'wx-pass-1');
    type('Confirm password', 'wx-pass-1');
    type('E-mail address', 'wx@example.com');
    type('6-digit code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Register and sign in' }));
    await waitFor(() => expect(location()).toBe('/console'));
    expect(calls.find((c) => c.path === 'app/account/login/wechat/register')?.body).toEqual({
      ticket: 't-1',
      username: 'wxuser',
      password: 'wx-pass-1',
      mail: 'wx@example.com',
      code: '123456',
    });
    expect(localStorage.getItem(TOKEN_KEY)).toContain('tok-new');
  });

  it('binds an existing account by its password: a refusal is shown, then it signs in', async () => {
    replies['app/account/login/wechat/bind'] = [
      { code: 400, msg: 'Login failed: wrong username or password' },
      { code: 1, msg: '', data: { token: 'tok-old' } },
    ];
    serve();
    openAt();
    fireEvent.click(await screen.findByRole('tab', { name: 'Bind an existing account' }));
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Bind and sign in' }));
    type('Username / e-mail / mobile', 'demo');
    type('Password', 'wrong');
    type('Captcha', 'ab12');
    submit();
    expect((await screen.findByTestId('form-error')).textContent).toContain('wrong username or password');
    expect(location()).toBe('/register-binding?ticket=t-1');

    type('Password', 'demo-pass-1');
    type('Captcha', 'cd34');
    submit();
    await waitFor(() => expect(location()).toBe('/console'));
    const binds = calls.filter((c) => c.path === 'app/account/login/wechat/bind');
    expect(binds.at(-1)?.body).toMatchObject({ ticket: 't-1', username: 'demo', password: 'demo-pass-1' });
    expect(localStorage.getItem(TOKEN_KEY)).toContain('tok-old');
  });

  it('offers only binding while registration is closed', async () => {
    serve(0);
    openAt();
    expect(await screen.findByText(/cannot be registered here/)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Bind an existing account' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Create an account' })).toBeNull();
  });

  it('speaks Chinese by default', async () => {
    serve();
    await i18n.changeLanguage('cn');
    try {
      openAt('');
      expect(await screen.findByText('绑定链接已过期或已使用')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
