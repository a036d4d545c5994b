// @vitest-environment jsdom
import type { UserInfo } from '@nimbus/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConsoleLayout } from '@/features/layout/components/ConsoleLayout';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

// Whether the phones' menu drawer's module (antd's Drawer) has been fetched yet.
const drawerModule = vi.hoisted(() => ({ loaded: false }));
vi.mock('@/features/layout/components/MenuDrawer', async (importActual) => {
  drawerModule.loaded = true;
  return importActual();
});

const user = { side: 'customer', user: { username: 'demo' } as UserInfo } as const;

describe('ConsoleLayout', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it("on a phone, loads the menu drawer's code when the menu is first opened, not with the frame", async () => {
    vi.stubGlobal('innerWidth', 375);
    fakeApi({});
    renderWithApp(
      <ConsoleLayout tree={[]} user={user}>
        <p>page</p>
      </ConsoleLayout>,
    );
    const openMenu = await screen.findByRole('button', { name: 'Open menu' });
    expect(screen.getByText('page')).toBeTruthy();
    expect(drawerModule.loaded).toBe(false);
    fireEvent.click(openMenu);
    // Asked for only now, and shown once it is there.
    await vi.waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeTruthy());
    expect(drawerModule.loaded).toBe(true);
  });
});
