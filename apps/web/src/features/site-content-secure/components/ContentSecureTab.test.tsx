// @vitest-environment jsdom
import { contentSecureSettingsSchema, isUrlAuthKey, type ContentSecureSettings } from '@nimbus/contract';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSettingsSave } from '@/features/site-admin/components/rules/test-kit';
import { ContentSecureTab } from '@/features/site-content-secure/components/ContentSecureTab';
import { renderWithApp, setUpComponentTests } from '@/shared/test/render';

configure({ asyncUtilTimeout: 5_000 });

const settings = (extra: Partial<ContentSecureSettings> = {}) => contentSecureSettingsSchema.parse(extra);
const tab = (value: ContentSecureSettings) => (
  <ContentSecureTab siteId={7} value={value} domain="cdn.example.com" https={false} />
);

describe('ContentSecureTab', { timeout: 60_000 }, () => {
  setUpComponentTests();
  afterEach(() => vi.restoreAllMocks());

  it('switches signing on with a generated key and sends the section', async () => {
    const { saves } = fakeSettingsSave();
    renderWithApp(tab(settings()));
    // Off as saved: the generator says so instead of signing.
    expect(screen.getByText(/URL signing is off in the saved settings/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('URL signing'));
    fireEvent.click(screen.getAllByRole('button', { name: 'Generate random key' })[0]!);
    fireEvent.click(screen.getByRole('radio', { name: 'B' }));
    expect(await screen.findByText(/Beijing time \(UTC\+8\)/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Link lifetime'), { target: { value: '600' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saves()).toHaveLength(1));
    const sent = saves()[0] as { id: number; section: string; value: ContentSecureSettings };
    expect(sent).toMatchObject({
      id: 7,
      section: 'contentSecure',
      value: { enabled: true, type: 'B', ttl: 600 },
    });
    expect(isUrlAuthKey(sent.value.primaryKey)).toBe(true);
    expect(sent.value.backupKey).toBe('');
  });

  it('names the wrong key on its field and saves nothing', async () => {
    const { saves } = fakeSettingsSave();
    renderWithApp(tab(settings({ enabled: true, primaryKey: 'abcdef123' })));
    fireEvent.change(screen.getByLabelText('Primary key'), { target: { value: 'bad key!' } });
    expect(await screen.findByText('Primary key must be 6–32 letters or digits')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Primary key'), { target: { value: 'abcdef123' } });
    fireEvent.change(screen.getByLabelText('Backup key'), { target: { value: 'abcdef123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The backup key must differ from the primary key')).toBeTruthy();
    expect(saves()).toEqual([]);
  });

  it('asks for the header in header mode and explains each type', async () => {
    fakeSettingsSave();
    renderWithApp(tab(settings({ enabled: true, primaryKey: 'abcdef123' })));
    expect(screen.getByText(/auth_key=timestamp-rand-uid-md5/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Request header' }));
    fireEvent.change(await screen.findByLabelText('Token header'), { target: { value: 'Cookie' } });
    expect(await screen.findByText(/^Token header must be 1–64 letters/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'C' }));
    expect(await screen.findByText(/HEX = Unix seconds in hexadecimal/)).toBeTruthy();
    expect(screen.queryByLabelText('Token header')).toBeNull();
  });

  it('signs a link with the saved settings (Aliyun’s type A example) and warns of unsaved changes', async () => {
    fakeSettingsSave();
    // 2015-10-10 08:00 Beijing time, signed at that second: the link expires lifetime later.
    vi.spyOn(Date, 'now').mockReturnValue(1444435200 * 1000);
    renderWithApp(tab(settings({ enabled: true, primaryKey: 'aliyuncdnexp1234' })));
    fireEvent.change(screen.getByLabelText('Path'), { target: { value: '/video/standard/test.mp4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign link' }));
    expect((await screen.findByTestId('signed-link')).textContent).toBe(
      'http://cdn.example.com/video/standard/test.mp4?auth_key=1444435200-0-0-23bf85053008f5c0e791667a313e28ce',
    );
    expect(screen.queryByText(/The form has unsaved changes/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Primary key'), { target: { value: 'otherkey123' } });
    expect(await screen.findByText(/The form has unsaved changes/)).toBeTruthy();
  });

  it('gives the header to send in header mode, and refuses a path without /', async () => {
    fakeSettingsSave();
    renderWithApp(
      tab(settings({ enabled: true, primaryKey: 'abcdef123', tokenIn: 'header', headerName: 'X-Auth' })),
    );
    fireEvent.change(screen.getByLabelText('Path'), { target: { value: 'a.jpg' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign link' }));
    expect(await screen.findByText('A path starts with /')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Path'), { target: { value: '/a.jpg' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign link' }));
    expect((await screen.findByTestId('signed-link')).textContent).toBe('http://cdn.example.com/a.jpg');
    expect(screen.getByTestId('signed-header').textContent).toMatch(/^X-Auth: \d{10}-0-0-[0-9a-f]{32}$/);
  });
});
