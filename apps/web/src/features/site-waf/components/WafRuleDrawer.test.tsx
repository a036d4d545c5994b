// @vitest-environment jsdom
import { WAF_PATHS } from '@nimbus/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeWafApi, wafRule } from '@/features/site-waf/components/test-fixtures';
import { WafRuleDrawer, type WafEditing } from '@/features/site-waf/components/WafRuleDrawer';
import { i18n } from '@/i18n';
import { renderWithApp, setUpComponentTests } from '@/shared/test/render';

const condition = (n: number) => screen.getByRole('group', { name: `Condition ${n}` });

/** Opens an antd select by its label (inside `scope`) and clicks the option with that text. */
async function choose(scope: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(scope).getByLabelText(label));
  const items = await screen.findAllByTitle(option);
  fireEvent.click(items.at(-1)!);
}

const openOptions = async (scope: HTMLElement, label: string) => {
  fireEvent.mouseDown(within(scope).getByLabelText(label));
  await waitFor(() =>
    expect(document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toBeTruthy(),
  );
  const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(
    -1,
  )!;
  return [...open.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
};

function renderDrawer(editing: WafEditing) {
  renderWithApp(<WafRuleDrawer siteId={7} editing={editing} onClose={() => {}} />);
  return screen.findByRole('dialog');
}

const twoConditions = wafRule(3, {
  conditions: [
    { target: 'path', name: '', operator: 'prefix', negate: false, value: '/admin' },
    { target: 'ip', name: '', operator: 'in', negate: false, value: '10.0.0.0/8' },
  ],
});

// antd under jsdom on a shared 2-core machine: answers and re-renders can take seconds.
configure({ asyncUtilTimeout: 10_000 });

describe('WafRuleDrawer', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('shows the name only for a header or cookie, and only equals / in list for the client IP', async () => {
    fakeWafApi({});
    await renderDrawer('new');
    expect(within(condition(1)).queryByLabelText('Name')).toBeNull();
    await choose(condition(1), 'Matches on', 'Header');
    expect(await within(condition(1)).findByLabelText('Name')).toBeTruthy();
    await choose(condition(1), 'Matches on', 'Client IP');
    await waitFor(() => expect(within(condition(1)).queryByLabelText('Name')).toBeNull());
    expect(await openOptions(condition(1), 'Operator')).toEqual(['Equals', 'In list']);
  });

  it('asks for a status code only for a custom code, and a duration only for bans and blacklisting', async () => {
    fakeWafApi({});
    const dialog = await renderDrawer('new');
    expect(within(dialog).queryByLabelText('Status code')).toBeNull();
    expect(within(dialog).queryByLabelText('Duration (seconds)')).toBeNull();
    expect(within(dialog).getByText('Refuses the request with 403.')).toBeTruthy();
    await choose(dialog, 'Action', 'Custom error code');
    expect(await within(dialog).findByLabelText('Status code')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Duration (seconds)')).toBeNull();
    await choose(dialog, 'Action', 'Blacklist on all nodes');
    expect(await within(dialog).findByLabelText('Duration (seconds)')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Status code')).toBeNull();
    expect(
      within(dialog).getByText(/on the platform blocklist \(source WAF\) for your sites only/),
    ).toBeTruthy();
  });

  it('offers the two verification actions with what they do, and no status or duration', async () => {
    fakeWafApi({});
    const dialog = await renderDrawer('new');
    await choose(dialog, 'Action', 'Sensorless verification');
    expect(
      await within(dialog).findByText(/real browsers pass without noticing; curl and scripts do not/),
    ).toBeTruthy();
    await choose(dialog, 'Action', 'Click-number verification');
    expect(await within(dialog).findByText(/must click the number shown on a page/)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Status code')).toBeNull();
    expect(within(dialog).queryByLabelText('Duration (seconds)')).toBeNull();
  });

  it("puts the contract's refusal under the condition it concerns and sends nothing", async () => {
    const api = fakeWafApi({ [WAF_PATHS.save]: twoConditions });
    const dialog = await renderDrawer({ rule: twoConditions });
    fireEvent.change(within(condition(2)).getByLabelText('Values'), { target: { value: '10.0.0.300' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const ipError = i18n.t('waf.value.ip');
    expect(await within(condition(2)).findByText(ipError)).toBeTruthy();
    expect(within(condition(1)).queryByText(ipError)).toBeNull();
    expect(api.bodiesOf(WAF_PATHS.save)).toEqual([]);
  });

  it("shows the server's refusal under the condition it is about", async () => {
    const ipError = i18n.t('waf.value.ip');
    fakeWafApi({ [WAF_PATHS.save]: { refuse: ipError } });
    const dialog = await renderDrawer({ rule: twoConditions });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(condition(2)).findByText(ipError)).toBeTruthy();
    expect(within(condition(1)).queryByText(ipError)).toBeNull();
  });

  it('saves the rule as the contract reads it, hidden fields neutral', async () => {
    const api = fakeWafApi({ [WAF_PATHS.save]: twoConditions });
    const dialog = await renderDrawer({ rule: twoConditions });
    fireEvent.change(within(dialog).getByLabelText('Remark'), { target: { value: 'admin from outside' } });
    fireEvent.click(within(condition(2)).getByLabelText('Not'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.bodiesOf(WAF_PATHS.save)).toEqual([
        {
          siteId: 7,
          id: 3,
          remark: 'admin from outside',
          conditions: [
            { target: 'path', name: '', operator: 'prefix', negate: false, value: '/admin' },
            { target: 'ip', name: '', operator: 'in', negate: true, value: '10.0.0.0/8' },
          ],
          action: 'intercept',
          status: 403,
          seconds: 0,
          enabled: true,
        },
      ]),
    );
  });
});
