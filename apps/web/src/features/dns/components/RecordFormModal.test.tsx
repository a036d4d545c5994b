// @vitest-environment jsdom
import { DNS_PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RecordFormModal } from '@/features/dns/components/RecordFormModal';
import { recordRow } from '@/features/dns/components/test-fixtures';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const saveCalls = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === DNS_PATHS.recordSave).map((c) => c.body);
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () =>
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
const fieldOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

async function chooseType(value: string) {
  fireEvent.mouseDown(screen.getByLabelText('Record type'));
  fireEvent.click(await screen.findByTitle(new RegExp(`^${value} - `)));
}

// antd forms and dialogs are slow under jsdom on a shared machine.
describe('RecordFormModal', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('refuses a bad A value with the contract’s message and has no priority for A', async () => {
    const { calls } = fakeApi({ [DNS_PATHS.recordSave]: recordRow(9) });
    renderWithApp(<RecordFormModal zoneId={1} zoneName="example.com" editing="new" onClose={() => {}} />);
    await screen.findByText('Add record');
    expect(screen.queryByLabelText('Priority')).toBeNull();
    expect(screen.getByTestId('record-value-help').textContent).toContain('192.0.2.10');
    type('Host record', 'www');
    type('Record value', '300.1.2.3');
    expect(
      await within(fieldOf('Record value')).findByText('An A record value must be an IPv4 address'),
    ).toBeTruthy();
    submit();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saveCalls(calls)).toEqual([]);
  });

  it('shows the priority for MX, requires it, and sends the record', async () => {
    const { calls } = fakeApi({ [DNS_PATHS.recordSave]: recordRow(9) });
    const onClose = vi.fn();
    renderWithApp(<RecordFormModal zoneId={7} zoneName="example.com" editing="new" onClose={onClose} />);
    await screen.findByText('Add record');
    await chooseType('MX');
    expect(await screen.findByLabelText('Priority')).toBeTruthy();
    expect(screen.getByTestId('record-value-help').textContent).toContain('mx1.example.com');
    type('Host record', '@');
    type('Record value', 'mx1.example.com');
    submit();
    expect(await within(fieldOf('Priority')).findByText('Priority cannot be empty')).toBeTruthy();
    expect(saveCalls(calls)).toEqual([]);
    type('Priority', '10');
    submit();
    await waitFor(() =>
      expect(saveCalls(calls)).toEqual([
        {
          zoneId: 7,
          hostRecord: '@',
          recordType: 'MX',
          lineType: 'default',
          recordValue: 'mx1.example.com',
          ttl: 600,
          priority: 10,
          remark: '',
        },
      ]),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows a clash the server finds on the host record field', async () => {
    const clash = 'Host record www has a CNAME record: no other record can share its name';
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 409, msg: clash }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const onClose = vi.fn();
    renderWithApp(
      <RecordFormModal zoneId={1} zoneName="example.com" editing={recordRow(3)} onClose={onClose} />,
    );
    await screen.findByText('Edit record: www A 192.0.2.3');
    expect((screen.getByLabelText('Record value') as HTMLInputElement).value).toBe('192.0.2.3');
    submit();
    await waitFor(() => expect(within(fieldOf('Host record')).getByText(clash)).toBeTruthy());
    expect(onClose).not.toHaveBeenCalled();
  });
});
