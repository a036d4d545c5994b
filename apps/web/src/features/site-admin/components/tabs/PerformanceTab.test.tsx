// @vitest-environment jsdom
import { defaultServingSettings, type PerformanceSettings } from '@nimbus/contract';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSettingsSave } from '@/features/site-admin/components/rules/test-kit';
import { PerformanceTab } from '@/features/site-admin/components/tabs/PerformanceTab';
import { renderWithApp, setUpComponentTests } from '@/shared/test/render';

configure({ asyncUtilTimeout: 5_000 });

const defaults = (extra: Partial<PerformanceSettings> = {}) => ({
  ...defaultServingSettings().performance,
  ...extra,
});

async function choose(selectLabel: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(selectLabel));
  const items = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(items.at(-1)!);
}

describe('PerformanceTab', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('shows the defaults and the spec tip, and sends the rules in the order shown', async () => {
    const { saves } = fakeSettingsSave();
    const first = { kind: 'ext' as const, match: 'jpg|png', ttl: 86_400 };
    renderWithApp(<PerformanceTab siteId={7} value={defaults({ cacheRules: [first] })} />);
    expect(
      screen.getByText(
        'Up to 200 cache entries and 200 no-cache entries; maximum cache time one year; no-cache has priority.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('HTTP/2 is on for every HTTPS site of the node.')).toBeTruthy();
    expect((screen.getByLabelText('Gzip') as HTMLButtonElement).getAttribute('aria-checked')).toBe('true');
    expect((screen.getByLabelText('Cache time of rule 1') as HTMLInputElement).value).toBe('1');
    expect(screen.getAllByText('days').length).toBeGreaterThan(0);

    fireEvent.click(screen.getAllByRole('button', { name: /Add a rule/ })[0]!);
    await choose('Kind of rule 2', 'Directory');
    fireEvent.change(screen.getByLabelText('Match of rule 2'), { target: { value: '/img/' } });
    await choose('Unit of Cache time of rule 2', 'minutes');
    fireEvent.change(screen.getByLabelText('Cache time of rule 2'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move rule 2 up' }));
    fireEvent.click(screen.getByLabelText('Ignore'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toEqual({
      id: 7,
      section: 'performance',
      value: defaults({ cacheRules: [{ kind: 'dir', match: '/img/', ttl: 600 }, first], queryKey: 'ignore' }),
    });
  });

  it('refuses a match and a cache time the contract refuses, with its messages', async () => {
    const { saves } = fakeSettingsSave();
    renderWithApp(
      <PerformanceTab
        siteId={7}
        value={defaults({ cacheRules: [{ kind: 'dir', match: '/a/', ttl: 60 }] })}
      />,
    );
    fireEvent.change(screen.getByLabelText('Match of rule 1'), { target: { value: 'img' } });
    expect(await screen.findByText(/^Wrong match value: extensions like jpg\|png/)).toBeTruthy();
    await choose('Unit of Cache time of rule 1', 'days');
    fireEvent.change(screen.getByLabelText('Cache time of rule 1'), { target: { value: '366' } });
    expect(
      await screen.findByText('Cache time must be between 0 seconds and one year (31536000 s)'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(saves()).toEqual([]);
  });

  it('puts a server refusal on the field it belongs to', async () => {
    fakeSettingsSave({ code: 400, msg: 'Wrong type, e.g. text/css' });
    renderWithApp(<PerformanceTab siteId={7} value={defaults()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const error = await screen.findByText('Wrong type, e.g. text/css', {
      selector: '.ant-form-item-explain-error',
    });
    expect(error.closest('.ant-form-item')!.querySelector('input')!.id).toBe('compressTypes');
  });
});
