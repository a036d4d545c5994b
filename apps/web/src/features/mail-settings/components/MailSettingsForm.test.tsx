// @vitest-environment jsdom
import type { ConfigRecord } from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MailSettingsForm } from '@/features/mail-settings/components/MailSettingsForm';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const record: ConfigRecord = {
  id: 10,
  paramKey: 'MAIL_CONFIG_KEY',
  paramValue: JSON.stringify({
    protocol: 'smtp',
    host: 'smtp.qq.com',
    username: 'noreply@example.com',
    password: '',
    passwordSet: true,
    port: 465,
    templates: {},
  }),
  remark: 'E-mail (SMTP)',
  status: 1,
};
const REENTRY = 'SMTP server has changed: enter Authorization password again';

const sentUpdates = (calls: { path: string; body: unknown }[]) =>
  calls
    .filter((c) => c.path === 'sys/config/update')
    .map((c) => JSON.parse((c.body as { paramValue: string }).paramValue) as Record<string, unknown>);

// antd forms are slow under jsdom on a shared machine.
describe('MailSettingsForm: a kept password is not sent to a new server', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('asks for the password on the field when the server changes, and clears when it changes back', async () => {
    const { calls } = fakeApi({ 'sys/config/update': record });
    renderWithApp(<MailSettingsForm record={record} />);
    const host = await screen.findByLabelText('SMTP server');
    const password = screen.getByLabelText('Authorization password') as HTMLInputElement;
    expect(password.placeholder).toBe('Set — leave blank to keep it');

    fireEvent.change(host, { target: { value: 'smtp.163.com' } });
    await waitFor(() => expect(password.placeholder).not.toBe('Set — leave blank to keep it'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(REENTRY)).toBeTruthy();
    expect(sentUpdates(calls)).toHaveLength(0);

    // The password depends on the server field: changing it back re-validates the password.
    fireEvent.change(host, { target: { value: ' smtp.qq.com ' } });
    await waitFor(() => expect(screen.queryByText(REENTRY)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentUpdates(calls)).toHaveLength(1));
    expect(sentUpdates(calls)[0]).toMatchObject({ host: 'smtp.qq.com', password: '' });
  });

  it('sends the new server with the password typed again', async () => {
    const { calls } = fakeApi({ 'sys/config/update': record });
    renderWithApp(<MailSettingsForm record={record} />);
    fireEvent.change(await screen.findByLabelText('SMTP server'), { target: { value: 'smtp.163.com' } });
    fireEvent.change(screen.getByLabelText('Authorization password'), { target: { value: 'auth-code' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentUpdates(calls)).toHaveLength(1));
    expect(sentUpdates(calls)[0]).toMatchObject({ host: 'smtp.163.com', password: 'auth-code' });
    expect(screen.queryByText(REENTRY)).toBeNull();
  });
});
