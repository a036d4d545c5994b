// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPanel } from '@/features/auth/components/LoginPanel';
import { CAPTCHA_MAX_RETRIES } from '@/features/auth/lib/captcha';
import { i18n } from '@/i18n';
import { TOKEN_KEY } from '@/shared/auth/token-store';
import { FALLBACK_WEB_CONFIG } from '@/shared/config/useWebConfig';

type Reply = { code: number; msg: string; data?: unknown };
let replies: Record<string, Reply[]>;
let calls: { path: string; body: unknown }[];

beforeAll(() => {
  // antd reads media queries (responsive grid, Segmented); jsdom has none.
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
  void i18n.changeLanguage('en');
});

beforeEach(() => {
  localStorage.clear();
  calls = [];
  replies = { 'app/common/web/config': [{ code: 1, msg: '', data: FALLBACK_WEB_CONFIG }] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL, init?: RequestInit) => {
      const path = new URL(input).pathname.replace(/^\/api\//, '');
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const queue = replies[path] ?? [];
      const reply = queue.length > 1 ? queue.shift()! : queue[0];
      if (!reply) return new Response('not found', { status: 404 });
      return new Response(JSON.stringify(reply), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Landed() {
  const location = useLocation();
  return <div data-testid="landed">{location.pathname}</div>;
}

function renderLogin(entry = '/login?redirect=%2Fcdn%2Fmessage') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/login" element={<LoginPanel />} />
          <Route path="*" element={<Landed />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const captchaImage = () => screen.getByRole('img', { name: 'Captcha' }) as HTMLImageElement;
const uuidOf = (img: HTMLImageElement) => new URL(img.src).searchParams.get('uuid');
const input = (placeholder: string) => screen.getByPlaceholderText(placeholder) as HTMLInputElement;
const type = (placeholder: string, value: string) =>
  fireEvent.change(input(placeholder), { target: { value } });

function fillPasswordStep() {
  type('Username / e-mail / mobile', 'demo');
  type('Password', 'demo-pass-1');
  type('Captcha', 'ab12');
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPanel captcha', { timeout: 60_000 }, () => {
  it('reloads a captcha that fails to load with a new uuid, 5 times, then offers a manual retry', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderLogin();
    const seen = new Set<string | null>([uuidOf(captchaImage())]);
    expect(captchaImage().src).toContain('/api/app/account/kaptcha.jpg?uuid=');

    for (let retry = 1; retry <= CAPTCHA_MAX_RETRIES; retry++) {
      fireEvent.error(captchaImage());
      act(() => {
        vi.advanceTimersByTime(10_000);
      });
      const uuid = uuidOf(captchaImage());
      expect(seen.has(uuid), `retry ${retry} uses a new uuid`).toBe(false);
      seen.add(uuid);
    }
    fireEvent.error(captchaImage());
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.queryByRole('img', { name: 'Captcha' })).toBeNull();
    expect(screen.getByText(/Failed to load, click to retry/)).toBeTruthy();

    fireEvent.click(screen.getByTestId('captcha-refresh'));
    expect(seen.has(uuidOf(captchaImage()))).toBe(false);
  });

  it('shows the server message after a failed login, asks for a new captcha and clears the answer', async () => {
    replies['app/account/login'] = [{ code: 400, msg: 'Captcha incorrect' }];
    renderLogin();
    const before = uuidOf(captchaImage());
    fillPasswordStep();

    expect((await screen.findByTestId('login-error')).textContent).toContain('Captcha incorrect');
    const login = calls.find((c) => c.path === 'app/account/login');
    expect(login?.body).toEqual({ username: 'demo', password: 'demo-pass-1', captcha: 'ab12', uuid: before });
    expect(uuidOf(captchaImage())).not.toBe(before);
    await waitFor(() => expect(input('Captcha').value).toBe(''));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});

describe('LoginPanel two-step login', { timeout: 60_000 }, () => {
  it('asks for the TOTP code when the account has 2FA, then stores the token and follows the redirect', async () => {
    replies['app/account/login'] = [
      { code: 1, msg: '', data: { totpRequired: true, challenge: 'challenge-1' } },
    ];
    replies['app/account/login/totp'] = [
      { code: 400, msg: 'The authenticator code is incorrect' },
      { code: 1, msg: '', data: { token: 'session-token-1' } },
    ];
    renderLogin();
    fillPasswordStep();

    await screen.findByText('Two-step verification');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();

    type('6-digit code', '111111');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect((await screen.findByTestId('login-error')).textContent).toContain(
      'The authenticator code is incorrect',
    );
    expect(screen.getByText('Two-step verification')).toBeTruthy();

    type('6-digit code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/cdn/message');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('session-token-1');
    expect(calls.filter((c) => c.path === 'app/account/login/totp').map((c) => c.body)).toEqual([
      { challenge: 'challenge-1', code: '111111' },
      { challenge: 'challenge-1', code: '123456' },
    ]);
  });

  it('goes back to the password step with a new captcha when the challenge expired', async () => {
    replies['app/account/login'] = [
      { code: 1, msg: '', data: { totpRequired: true, challenge: 'challenge-2' } },
    ];
    replies['app/account/login/totp'] = [{ code: 400, msg: i18n.t('account.totpChallengeExpired') }];
    renderLogin();
    const first = uuidOf(captchaImage());
    fillPasswordStep();
    await screen.findByText('Two-step verification');

    type('6-digit code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect((await screen.findByTestId('login-error')).textContent).toContain(
      i18n.t('account.totpChallengeExpired'),
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(uuidOf(captchaImage())).not.toBe(first);
  });

  it('without a redirect parameter goes to /console', async () => {
    replies['app/account/login'] = [{ code: 1, msg: '', data: { token: 'session-token-2' } }];
    renderLogin('/login');
    fillPasswordStep();
    expect((await screen.findByTestId('landed')).textContent).toBe('/console');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('session-token-2');
  });
});

describe('LoginPanel WeChat return', { timeout: 60_000 }, () => {
  it('sends an unbound scan on to register-binding with its ticket', async () => {
    replies['app/account/login/wechat'] = [
      { code: 1, msg: '', data: { bindingTicket: 'ticket-1', expiresIn: 600 } },
    ];
    renderLogin('/login?wechat=login&code=wx-code&state=wx-state');
    expect((await screen.findByTestId('landed')).textContent).toBe('/register-binding');
    expect(calls.find((c) => c.path === 'app/account/login/wechat')?.body).toEqual({
      code: 'wx-code',
      state: 'wx-state',
    });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
