// @vitest-environment jsdom
import { AUTHORIZATION_PATHS, type AuthorizationInfo } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthorizationPanel } from '@/features/authorization/components/AuthorizationPanel';
import { renderWithApp, setUpComponentTests } from '@/shared/test/render';

const OLD_KEY = 'probe_OLDxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx';
const NEW_KEY = 'probe_NEWyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy';
const CONSOLE = 'https://cdn.example.com';

const info: AuthorizationInfo = {
  product: 'Nimbus',
  version: '0.5.0',
  releaseDate: '2026-11-27',
  consoleUrl: CONSOLE,
  importUrl: `${CONSOLE}/api/edge/v1/probe/nodes`,
  reportUrl: `${CONSOLE}/api/edge/v1/probe/report`,
  keyCreatedAt: '2026-11-27T01:00:00.000Z',
};

/**
 * The server's answers: key/show and rotate put the key beside `code` (spec §7), so they are
 * answered here rather than by fakeApi, which puts everything in `data`.
 */
function fakeServer(details: AuthorizationInfo = info) {
  const calls: { path: string; method: string }[] = [];
  let key = OLD_KEY;
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname.replace(/^\/api\//, '');
      calls.push({ path, method: init?.method ?? 'GET' });
      if (path === AUTHORIZATION_PATHS.info) return json({ code: 1, msg: 'ok', data: details });
      if (path === AUTHORIZATION_PATHS.keyRotate) key = NEW_KEY;
      if (path === AUTHORIZATION_PATHS.keyShow || path === AUTHORIZATION_PATHS.keyRotate) {
        return json({ code: 1, msg: 'ok', token: key, importUrl: details.importUrl });
      }
      return json({ code: 404, msg: `no fake for ${path}` });
    }),
  );
  return { calls };
}

// antd's confirm dialogs leave the body after their closing animation: take the newest one.
const lastConfirm = () => [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].at(-1)!;
const button = (text: string, scope: HTMLElement = document.body) =>
  within(scope).getByText(text).closest('button')!;

describe('AuthorizationPanel', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('shows the installation, the key hidden until asked, and the probe commands built from the server’s URLs', async () => {
    fakeServer();
    renderWithApp(<AuthorizationPanel />);
    expect((await screen.findByTestId('authorization-version')).textContent).toBe(
      '0.5.0 (released 2026-11-27)',
    );
    expect(screen.getByText('Nimbus')).toBeTruthy();
    expect(screen.getByText(CONSOLE)).toBeTruthy();

    const key = screen.getByTestId('authorization-key');
    expect(key.textContent).toContain('probe_OLDx••••');
    expect(document.body.textContent).not.toContain(OLD_KEY);
    const importCommand = screen.getByTestId('authorization-import-command');
    expect(importCommand.textContent).toContain(`${CONSOLE}/api/edge/v1/probe/nodes`);
    expect(screen.getByTestId('authorization-report-command').textContent).toContain(
      `${CONSOLE}/api/edge/v1/probe/report`,
    );

    fireEvent.click(button('Show'));
    expect(key.textContent).toContain(OLD_KEY);
    expect(importCommand.textContent).toContain(`Bearer ${OLD_KEY}`);
    fireEvent.click(button('Hide'));
    expect(document.body.textContent).not.toContain(OLD_KEY);
  });

  it('rotates only after a warning, then shows the new key in place of the old one', async () => {
    const { calls } = fakeServer();
    renderWithApp(<AuthorizationPanel />);
    await screen.findByTestId('authorization-key');
    fireEvent.click(button('Show'));
    fireEvent.click(button('Rotate key'));
    expect(await screen.findByText(/the current one stops working at once/)).toBeTruthy();
    expect(calls.some((c) => c.path === AUTHORIZATION_PATHS.keyRotate)).toBe(false);
    fireEvent.click(button('Rotate', lastConfirm()));
    await waitFor(() => expect(screen.getByTestId('authorization-key').textContent).toContain(NEW_KEY));
    expect(screen.getByTestId('authorization-import-command').textContent).toContain(`Bearer ${NEW_KEY}`);
    expect(document.body.textContent).not.toContain(OLD_KEY);
    expect(calls.filter((c) => c.path === AUTHORIZATION_PATHS.keyRotate)).toEqual([
      { path: AUTHORIZATION_PATHS.keyRotate, method: 'POST' },
    ]);
    expect(await screen.findByText('New key issued: the old one stopped working')).toBeTruthy();
  });

  it('keeps the key when the warning is cancelled', async () => {
    const { calls } = fakeServer();
    renderWithApp(<AuthorizationPanel />);
    await screen.findByTestId('authorization-key');
    const before = document.querySelectorAll('.ant-modal-confirm').length;
    fireEvent.click(button('Rotate key'));
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm').length).toBe(before + 1));
    fireEvent.click(button('Cancel', lastConfirm()));
    expect(await screen.findByText('Operation canceled')).toBeTruthy();
    expect(calls.some((c) => c.path === AUTHORIZATION_PATHS.keyRotate)).toBe(false);
    expect(screen.getByTestId('authorization-key').textContent).toContain('probe_OLDx');
  });

  it('says the public console URL is not set, and offers no command without it', async () => {
    fakeServer({ ...info, consoleUrl: '', importUrl: '', reportUrl: '' });
    renderWithApp(<AuthorizationPanel />);
    expect(await screen.findByTestId('authorization-no-url')).toBeTruthy();
    expect(screen.getByText('Not set')).toBeTruthy();
    expect(screen.queryByTestId('authorization-import-command')).toBeNull();
    expect(screen.getByTestId('authorization-key')).toBeTruthy();
  });
});
