// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoginPanel } from '@/features/auth/components/LoginPanel';
import { RegisterPage } from '@/features/auth/pages/RegisterPage';
import { FALLBACK_WEB_CONFIG } from '@/shared/config/useWebConfig';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const serve = (registerCommon: 0 | 1) =>
  fakeApi({
    'app/common/web/config': {
      ...FALLBACK_WEB_CONFIG,
      power: { ...FALLBACK_WEB_CONFIG.power, register: 0, registerCommon },
    },
  });
const CLOSED = 'Registration with a username and password is not offered';

describe('power.registerCommon on the register and sign-in pages', { timeout: 40_000 }, () => {
  setUpComponentTests();

  it('off: /register offers no form, says why and leads back to sign in', async () => {
    serve(0);
    renderWithApp(<RegisterPage />, { path: '/register' });
    expect(await screen.findByText(CLOSED)).toBeTruthy();
    expect(screen.queryByLabelText(/Username/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });

  it('on: /register offers the form', async () => {
    serve(1);
    renderWithApp(<RegisterPage />, { path: '/register' });
    expect(await screen.findByRole('button', { name: 'Register' })).toBeTruthy();
    expect(screen.queryByText(CLOSED)).toBeNull();
  });

  it('the sign-in page links to registration only while the form is offered', async () => {
    serve(1);
    const open = renderWithApp(<LoginPanel />, { path: '/login' });
    expect(await screen.findByRole('link', { name: 'Register' })).toBeTruthy();
    open.unmount();

    // Before the config arrives the defaults (form offered) show; once it has, the link goes.
    const { calls } = serve(0);
    renderWithApp(<LoginPanel />, { path: '/login' });
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Register' })).toBeNull(), {
      timeout: 5_000,
    });
    expect(calls.some((c) => c.path === 'app/common/web/config')).toBe(true);
  });
});
