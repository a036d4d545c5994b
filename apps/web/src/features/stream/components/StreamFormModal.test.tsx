// @vitest-environment jsdom
import { STREAM_PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { StreamFormModal } from '@/features/stream/components/StreamFormModal';
import { streamRow } from '@/features/stream/components/test-fixtures';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const saved = streamRow(9, { total: 2, applied: 0, pending: 2, failed: 0, failures: [] });
const saveCalls = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === STREAM_PATHS.save).map((c) => c.body);
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () =>
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));

// antd forms and dialogs are slow under jsdom on a shared machine.
describe('StreamFormModal', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('sends a new rule with the defaults: TCP, round robin, weight 1, main, 30 s, enabled', async () => {
    const { calls } = fakeApi({ [STREAM_PATHS.save]: saved });
    const onClose = vi.fn();
    renderWithApp(<StreamFormModal open onClose={onClose} />);
    await screen.findByText('Add forwarding rule');
    expect((screen.getByLabelText('Connect timeout') as HTMLInputElement).value).toBe('30');
    expect((screen.getByLabelText('Weight of origin 1') as HTMLInputElement).value).toBe('1');
    type('Listening port', '2222');
    type('Origin address of origin 1', '10.0.0.5');
    type('Port of origin 1', '22');
    submit();
    await waitFor(() =>
      expect(saveCalls(calls)).toEqual([
        {
          name: '',
          protocol: 'tcp',
          listenPort: 2222,
          balance: 'round_robin',
          origins: [{ address: '10.0.0.5', port: 22, weight: 1, role: 'main' }],
          connectTimeoutSeconds: 30,
          enabled: true,
        },
      ]),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('refuses a bad port and a set without a main origin with the contract’s messages', async () => {
    const { calls } = fakeApi({ [STREAM_PATHS.save]: saved });
    renderWithApp(<StreamFormModal open onClose={() => {}} />);
    await screen.findByText('Add forwarding rule');
    type('Listening port', '70000');
    expect(await screen.findByText('Port format error (1~65535)')).toBeTruthy();

    type('Listening port', '2222');
    type('Origin address of origin 1', 'db.example.com');
    type('Port of origin 1', '5432');
    fireEvent.mouseDown(screen.getByLabelText('Main/backup of origin 1'));
    fireEvent.click(await screen.findByTitle('Backup'));
    submit();
    expect(await screen.findByText('At least one origin must be a main origin')).toBeTruthy();
    expect(saveCalls(calls)).toEqual([]);
  });

  it('an emptied timeout goes back to its minimum when left (spec §5)', async () => {
    fakeApi({});
    renderWithApp(<StreamFormModal open onClose={() => {}} />);
    const timeout = (await screen.findByLabelText('Connect timeout')) as HTMLInputElement;
    // The hint tells the starting value and what emptying gives apart (issue 22: it read
    // "30 by default; emptied, it goes back to the minimum").
    screen.getByText(
      '1~300 seconds. A new rule starts at 30; an emptied field becomes 1, the smallest allowed.',
    );
    expect(i18n.getFixedT('cn')('stream.help.connectTimeoutExtra', { min: 1, max: 300, initial: 30 })).toBe(
      '1~300 秒。新规则默认 30 秒；清空后取最小值 1 秒。',
    );
    fireEvent.change(timeout, { target: { value: '' } });
    fireEvent.blur(timeout);
    await waitFor(() => expect(timeout.value).toBe('1'));
  });

  it('edits a saved rule: its values in the form, its id in the request', async () => {
    const { calls } = fakeApi({ [STREAM_PATHS.save]: saved });
    renderWithApp(<StreamFormModal open rule={saved} onClose={() => {}} />);
    await screen.findByText('Edit forwarding rule: rule-9');
    expect((screen.getByLabelText('Listening port') as HTMLInputElement).value).toBe('2009');
    type('Connect timeout', '300');
    submit();
    await waitFor(() =>
      expect(saveCalls(calls)).toEqual([
        expect.objectContaining({ id: 9, listenPort: 2009, connectTimeoutSeconds: 300, name: 'rule-9' }),
      ]),
    );
  });

  it('shows a port the server finds taken on the port field', async () => {
    const taken = 'Port 2222 is used by another forwarding rule on this node group';
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 409, msg: taken }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const onClose = vi.fn();
    renderWithApp(<StreamFormModal open onClose={onClose} />);
    await screen.findByText('Add forwarding rule');
    type('Listening port', '2222');
    type('Origin address of origin 1', '10.0.0.5');
    type('Port of origin 1', '22');
    submit();
    const field = screen.getByLabelText('Listening port').closest('.ant-form-item')!;
    await waitFor(() => expect(within(field as HTMLElement).getByText(taken)).toBeTruthy());
    expect(onClose).not.toHaveBeenCalled();
  });
});
