// @vitest-environment jsdom
import type { SiteGroup } from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SiteGroupModal } from '@/features/sites/components/SiteGroupModal';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const shops = { id: 3, name: 'Shops', remark: 'retail', siteCount: 2 } as SiteGroup;

/** The list's way of using the dialog: one instance, opened for one group, then for a new one. */
function Harness() {
  const [editing, setEditing] = useState<SiteGroup | 'new' | undefined>(shops);
  return (
    <>
      <button onClick={() => setEditing(undefined)}>close</button>
      <button onClick={() => setEditing('new')}>add</button>
      <SiteGroupModal editing={editing} onClose={() => setEditing(undefined)} />
    </>
  );
}

const nameField = () => screen.getByLabelText('Group name') as HTMLInputElement;

describe('SiteGroupModal', { timeout: 20_000 }, () => {
  setUpComponentTests();

  it('starts each opening from what it is opened for: "Add" after "Edit" is blank', async () => {
    fakeApi({});
    renderWithApp(<Harness />);
    await waitFor(() => expect(nameField().value).toBe('Shops'));
    fireEvent.click(screen.getByText('close'));
    fireEvent.click(screen.getByText('add'));
    await waitFor(() => expect(nameField().value).toBe(''));
  });
});
