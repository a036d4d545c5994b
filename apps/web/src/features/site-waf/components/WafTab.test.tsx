// @vitest-environment jsdom
import { WAF_PATHS, type WafRule } from '@nimbus/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeWafApi, wafRule } from '@/features/site-waf/components/test-fixtures';
import { WafTab } from '@/features/site-waf/components/WafTab';
import { renderWithApp, setUpComponentTests } from '@/shared/test/render';

const first = wafRule(11, {
  priority: 1,
  remark: 'admin posts',
  conditions: [
    { target: 'path', name: '', operator: 'prefix', negate: false, value: '/admin' },
    { target: 'method', name: '', operator: 'equals', negate: false, value: 'POST|PUT' },
  ],
});
const second = wafRule(12, { priority: 2, remark: 'slow down', action: 'ban', seconds: 600 });
const page = { list: [], totalCount: 0, pageSize: 10, currPage: 1 };

const rulesTable = () => screen.getAllByRole('table')[0]!;

// antd under jsdom on a shared 2-core machine: answers and re-renders can take seconds.
configure({ asyncUtilTimeout: 10_000 });

describe('WafTab', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('lists the rules in run order with their conditions and action in words', async () => {
    fakeWafApi({ [WAF_PATHS.list]: { rules: [first, second] }, [WAF_PATHS.events]: page });
    renderWithApp(<WafTab siteId={7} />);
    expect(await screen.findByText('Path starts with /admin AND Method equals POST | PUT')).toBeTruthy();
    const rows = within(rulesTable()).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).queryByText(/admin posts|slow down/)?.textContent)).toEqual([
      'admin posts',
      'slow down',
    ]);
    expect(within(rows[1]!).getByText('Ban for 10 min')).toBeTruthy();
    expect(screen.getByText(/full block log, with search and statistics, comes with analytics/)).toBeTruthy();
  });

  it('shows the empty state', async () => {
    fakeWafApi({ [WAF_PATHS.list]: { rules: [] }, [WAF_PATHS.events]: page });
    renderWithApp(<WafTab siteId={7} />);
    expect(await screen.findByText(/No WAF rules yet\. A rule refuses, bans or lets through/)).toBeTruthy();
  });

  it('moves a rule and sends every id in the new order; switches a rule off', async () => {
    // The server's list as it stands after each change.
    let rules: WafRule[] = [first, second];
    const api = fakeWafApi({
      [WAF_PATHS.list]: () => ({ rules }),
      [WAF_PATHS.events]: page,
      [WAF_PATHS.order]: () => {
        rules = [
          { ...second, priority: 1 },
          { ...first, priority: 2 },
        ];
        return { rules };
      },
      [WAF_PATHS.status]: () => {
        rules = [rules[0]!, { ...first, priority: 2, enabled: false }];
        return rules[1];
      },
    });
    renderWithApp(<WafTab siteId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Move rule #2 up' }));
    await waitFor(() => expect(api.bodiesOf(WAF_PATHS.order)).toEqual([{ siteId: 7, ids: [12, 11] }]));
    fireEvent.click(await screen.findByRole('switch', { name: 'Rule #2 enabled' }));
    await waitFor(() =>
      expect(api.bodiesOf(WAF_PATHS.status)).toEqual([{ siteId: 7, id: 11, enabled: false }]),
    );
  });

  it('enables a ready-made set and shows its rules tagged as preset', async () => {
    const preset = wafRule(20, {
      priority: 1,
      remark: 'Common vulnerability scanners by User-Agent',
      preset: 'scanners',
    });
    let rules: WafRule[] = [];
    const api = fakeWafApi({
      [WAF_PATHS.list]: () => ({ rules }),
      [WAF_PATHS.events]: page,
      [WAF_PATHS.preset]: () => {
        rules = [preset];
        return { rules };
      },
    });
    renderWithApp(<WafTab siteId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Enable Common scanners' }));
    expect(await screen.findByText('Preset: Common scanners')).toBeTruthy();
    expect(api.bodiesOf(WAF_PATHS.preset)).toEqual([{ siteId: 7, preset: 'scanners' }]);
    expect(await screen.findByText('Enabled (1 rules)')).toBeTruthy();
  });

  it('runs the test box and says which rule refused the request', async () => {
    const api = fakeWafApi({
      [WAF_PATHS.list]: { rules: [first, second] },
      [WAF_PATHS.events]: page,
      [WAF_PATHS.test]: {
        matched: [{ ruleId: 11, action: 'intercept' }],
        outcome: { pass: false, status: 403, decidedBy: 11 },
      },
    });
    renderWithApp(<WafTab siteId={7} />);
    await screen.findByText('admin posts');
    const box = screen.getByRole('form', { name: 'Test this rule set' });
    fireEvent.change(within(box).getByLabelText('URL'), { target: { value: '/admin/users?id=1' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Run test' }));
    expect(await screen.findByText('Refused with 403 by rule #1')).toBeTruthy();
    expect(api.bodiesOf(WAF_PATHS.test)).toEqual([
      {
        siteId: 7,
        method: 'GET',
        url: '/admin/users?id=1',
        clientIp: '203.0.113.7',
        headers: 'User-Agent: Mozilla/5.0',
        includeDisabled: false,
      },
    ]);
  });

  it('says a verification rule makes the visitor verify, rather than refusing with 200', async () => {
    const verify = wafRule(13, { priority: 1, remark: 'check browsers', action: 'sensorless' });
    fakeWafApi({
      [WAF_PATHS.list]: { rules: [verify] },
      [WAF_PATHS.events]: page,
      [WAF_PATHS.test]: {
        matched: [{ ruleId: 13, action: 'sensorless' }],
        outcome: { pass: false, status: 200, decidedBy: 13 },
      },
    });
    renderWithApp(<WafTab siteId={7} />);
    await screen.findByText('check browsers');
    const box = screen.getByRole('form', { name: 'Test this rule set' });
    fireEvent.change(within(box).getByLabelText('URL'), { target: { value: '/' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Run test' }));
    expect(await screen.findByText(/must first pass Sensorless verification \(rule #1\)/)).toBeTruthy();
    expect(screen.queryByText(/Refused with 200/)).toBeNull();
  });

  it('deletes a rule after asking, and lists recent events with their rule', async () => {
    let rules: WafRule[] = [first, second];
    const api = fakeWafApi({
      [WAF_PATHS.list]: () => ({ rules }),
      [WAF_PATHS.events]: {
        ...page,
        totalCount: 1,
        list: [
          {
            id: 1,
            ruleId: 11,
            action: 'intercept',
            clientIp: '198.51.100.9',
            request: 'POST /admin/users HTTP/1.1',
            nodeName: 'edge-1',
            time: '2026-11-27T04:00:00Z',
          },
        ],
      },
      [WAF_PATHS.delete]: () => {
        rules = [{ ...second, priority: 1 }];
        return { deleted: 1 };
      },
    });
    renderWithApp(<WafTab siteId={7} />);
    expect(await screen.findByText('POST /admin/users HTTP/1.1')).toBeTruthy();
    expect(screen.getByText('#1 admin posts')).toBeTruthy();
    const row = within(rulesTable()).getAllByRole('row')[1]!;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete rule #1?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.bodiesOf(WAF_PATHS.delete)).toEqual([{ siteId: 7, ids: [11] }]));
    await waitFor(() => expect(screen.queryByText('admin posts')).toBeNull());
  });
});
