// @vitest-environment jsdom
import { SITE_PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ForceFormModal, type ForceEditing } from '@/features/site-redirects/components/ForceFormModal';
import { forceRow, sitePage } from '@/features/site-redirects/components/test-fixtures';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const toHost = forceRow(2, { kind: 'host', targetHost: 'www.example.com', status: 302 });

/** The list's way of using the dialog: one instance, opened for one entry, then for a new one. */
function Harness() {
  const [editing, setEditing] = useState<ForceEditing>(toHost);
  return (
    <>
      <button onClick={() => setEditing(undefined)}>close</button>
      <button onClick={() => setEditing('new')}>add</button>
      <ForceFormModal editing={editing} onClose={() => setEditing(undefined)} />
    </>
  );
}

const checked = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).checked;

describe('ForceFormModal', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('starts each opening from what it is opened for: "Add" after "Edit" is blank', async () => {
    fakeApi({ [SITE_PATHS.list]: sitePage(['s1.example.com']) });
    renderWithApp(<Harness />);
    await waitFor(() =>
      expect((screen.getByLabelText('Target host') as HTMLInputElement).value).toBe('www.example.com'),
    );
    expect(checked('302 Temporary')).toBe(true);
    expect(screen.getByText('s2.example.com')).toBeTruthy();
    fireEvent.click(screen.getByText('close'));
    fireEvent.click(screen.getByText('add'));
    await waitFor(() => expect(screen.queryByLabelText('Target host')).toBeNull());
    expect(checked('To HTTPS')).toBe(true);
    expect(checked('301 Permanent')).toBe(true);
    expect(screen.queryByText('s2.example.com')).toBeNull();
  });
});
