// @vitest-environment jsdom
import { defaultServingSettings } from '@nimbus/contract';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSettingsSave } from '@/features/site-admin/components/rules/test-kit';
import { CodeTab } from '@/features/site-admin/components/tabs/CodeTab';
import { renderWithApp, setUpComponentTests } from '@/shared/test/render';

configure({ asyncUtilTimeout: 5_000 });

const defaults = () => defaultServingSettings().code;
const addButtons = () => screen.getAllByRole('button', { name: /Add a rule/ });

describe('CodeTab', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('starts empty and sends an error page and a status rewrite as the section', async () => {
    const { saves } = fakeSettingsSave();
    renderWithApp(<CodeTab siteId={7} value={defaults()} />);
    expect(screen.queryByLabelText('Status of rule 1')).toBeNull();

    fireEvent.click(addButtons()[0]!);
    fireEvent.change(await screen.findByLabelText('Page content of rule 1'), {
      target: { value: '<h1>Gone fishing</h1>' },
    });
    fireEvent.click(addButtons()[0]!);
    fireEvent.change(await screen.findByLabelText('Status of rule 2'), { target: { value: '502' } });
    fireEvent.click(screen.getAllByLabelText('Redirect')[1]!);
    fireEvent.change(await screen.findByLabelText('Redirect URL of rule 2'), {
      target: { value: 'https://status.example.com/' },
    });
    fireEvent.click(addButtons()[1]!);
    fireEvent.change(await screen.findByLabelText('Returned status of rule 1'), { target: { value: '410' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toEqual({
      id: 7,
      section: 'code',
      value: {
        errorPages: [
          { status: 404, kind: 'page', html: '<h1>Gone fishing</h1>', url: '' },
          { status: 502, kind: 'redirect', html: '', url: 'https://status.example.com/' },
        ],
        statusRewrites: [{ from: 403, to: 410 }],
      },
    });
  });

  it('refuses a bad redirect, a status out of range and a repeated status, with the contract’s messages', async () => {
    const { saves } = fakeSettingsSave();
    const page = { status: 404, kind: 'page' as const, html: '<p>x</p>', url: '' };
    renderWithApp(
      <CodeTab siteId={7} value={{ ...defaults(), errorPages: [page, { ...page, status: 500 }] }} />,
    );
    fireEvent.click(screen.getAllByLabelText('Redirect')[0]!);
    fireEvent.change(await screen.findByLabelText('Redirect URL of rule 1'), {
      target: { value: 'javascript:x' },
    });
    expect(await screen.findByText('URL format error')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status of rule 2'), { target: { value: '200' } });
    expect(await screen.findByText(/is outside the allowed range/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status of rule 2'), { target: { value: '404' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A status code cannot repeat')).toBeTruthy();
    expect(saves()).toEqual([]);
  });

  it('puts a server refusal on the list it belongs to', async () => {
    fakeSettingsSave({ code: 400, msg: 'A page cannot exceed 64 KB' });
    const page = { status: 404, kind: 'page' as const, html: '<p>x</p>', url: '' };
    renderWithApp(<CodeTab siteId={7} value={{ ...defaults(), errorPages: [page] }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('A page cannot exceed 64 KB', { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    expect(screen.queryByText('A page cannot exceed 64 KB', { selector: '.ant-alert *' })).toBeNull();
  });
});
