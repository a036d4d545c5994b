// @vitest-environment jsdom
import { WAF_PATHS } from '@nimbus/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeWafApi, wafRule } from '@/features/site-waf/components/test-fixtures';
import { WafRuleDrawer } from '@/features/site-waf/components/WafRuleDrawer';
import { renderWithApp, setUpComponentTests } from '@/shared/test/render';

/** The WAF drawer's `country` target: a country picker for the values, equals / in list only. */
configure({ asyncUtilTimeout: 10_000 });

const condition = () => screen.getByRole('group', { name: 'Condition 1' });

async function choose(label: string, option: string) {
  fireEvent.mouseDown(within(condition()).getByLabelText(label));
  fireEvent.click((await screen.findAllByTitle(option)).at(-1)!);
}

describe('the WAF country target', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('picks countries for the values and saves their codes joined by |', async () => {
    const api = fakeWafApi({ [WAF_PATHS.save]: wafRule(1) });
    renderWithApp(<WafRuleDrawer siteId={7} editing="new" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    await choose('Matches on', 'Country/region');
    // A path's "prefix" is no way to compare a country: it becomes "in list".
    expect(within(condition()).getByTitle('In list')).toBeTruthy();
    const values = await within(condition()).findByRole('combobox', { name: 'Values' });
    for (const [search, option] of [
      ['united st', 'United States (US)'],
      ['CA', 'Canada (CA)'],
    ] as const) {
      fireEvent.mouseDown(values);
      fireEvent.change(values, { target: { value: search } });
      fireEvent.click((await screen.findAllByTitle(option)).at(-1)!);
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.bodiesOf(WAF_PATHS.save)[0]).toMatchObject({
        conditions: [{ target: 'country', operator: 'in', negate: false, value: 'US|CA' }],
      }),
    );
  });
});
