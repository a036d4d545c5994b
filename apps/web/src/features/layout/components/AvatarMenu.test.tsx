// @vitest-environment jsdom
import type { UserInfo } from '@nimbus/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConsoleRoutesContext } from '@/app/routing/route-context';
import { AvatarMenu } from '@/features/layout/components/AvatarMenu';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const user = { side: 'customer', user: { username: 'demo' } as UserInfo } as const;

describe('AvatarMenu', { timeout: 20_000 }, () => {
  setUpComponentTests();

  it('"What\'s new" opens the release notes in a drawer, without leaving the page', async () => {
    const { calls } = fakeApi({
      'app/common/web/update/log': {
        list: [{ version: '1.0.0', date: '2026-01-01', items: ['First release'] }],
        totalCount: 1,
        pageSize: 10,
        currPage: 1,
      },
    });
    renderWithApp(
      <ConsoleRoutesContext.Provider
        value={{
          routes: [],
          avatarEntries: [
            { key: 'personal', label: 'avatar.personalCenter', path: '/cdn/account/info', icon: 'user' },
          ],
        }}
      >
        <AvatarMenu user={user} compact={false} onDark={false} />
      </ConsoleRoutesContext.Provider>,
      { path: '/cdn/dashboard' },
    );
    fireEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['Personal center', "What's new", 'Sign out']);
    fireEvent.click(screen.getByRole('menuitem', { name: /What's new/ }));
    expect(await screen.findByText('First release')).toBeTruthy();
    expect(screen.getByRole('dialog').textContent).toContain('Version 1.0.0');
    expect(calls.map((c) => c.path)).toEqual(['app/common/web/update/log']);
    expect(screen.getByTestId('location').textContent).toBe('/cdn/dashboard');
  });
});
