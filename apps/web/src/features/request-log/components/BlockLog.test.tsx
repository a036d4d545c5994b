// @vitest-environment jsdom
import { SITE_PATHS, WAF_PATHS, type WafEvent, type WafEventsRequest, type WafRule } from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BlockLog } from '@/features/request-log/components/BlockLog';
import { pageOf, site } from '@/features/request-log/components/test-fixtures';
import { fakeApi, renderWithApp, setUpComponentTests, type FakeCall } from '@/shared/test/render';

const rule = (id: number, priority: number, remark: string): WafRule => ({
  id,
  siteId: 7,
  priority,
  remark,
  conditions: [],
  action: 'intercept',
  status: 403,
  seconds: 0,
  enabled: true,
  preset: '',
  updateTime: '2026-11-27T00:00:00.000Z',
});
const event = (id: number, ruleId: number, over: Partial<WafEvent> = {}): WafEvent => ({
  id,
  ruleId,
  action: 'intercept',
  clientIp: '203.0.113.9',
  request: 'GET /admin HTTP/1.1',
  nodeName: 'edge-1',
  time: '2026-11-27T02:30:00.000Z',
  ...over,
});
const sites = pageOf([site(7, 'www.example.com'), site(9, 'img.example.com')]);
const answers = {
  [SITE_PATHS.list]: sites,
  [WAF_PATHS.list]: { rules: [rule(11, 1, 'Block admin')] },
  [WAF_PATHS.events]: pageOf([event(1, 11), event(2, 0, { action: 'ban' }), event(3, 99)]),
};
const sent = (calls: FakeCall[]) =>
  calls.filter((c) => c.path === WAF_PATHS.events).map((c) => c.body as WafEventsRequest);

describe('BlockLog', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('opens on the first site, and each rule links to where it is edited', async () => {
    const { calls } = fakeApi(answers);
    renderWithApp(<BlockLog />);
    const link = await screen.findByRole('link', { name: '#1 Block admin' });
    expect(link.getAttribute('href')).toBe('/cdn/site/domain/admin?id=7&tab=waf');
    expect(screen.getByRole('link', { name: 'Rate limit / CC protection' }).getAttribute('href')).toBe(
      '/cdn/site/domain/admin?id=7&tab=business-secure',
    );
    expect(screen.getByRole('link', { name: 'Deleted rule (99)' })).toBeTruthy();
    expect(screen.getAllByText('2026-11-27 10:30:00')).toHaveLength(3);
    expect(sent(calls)[0]).toEqual({ siteId: 7, page: 1, limit: 20 });
  });

  it('sends the rule, action and client address, and a new site drops the rule', async () => {
    const { calls } = fakeApi(answers);
    renderWithApp(<BlockLog />);
    await screen.findByRole('link', { name: '#1 Block admin' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rule' }));
    fireEvent.click(await screen.findByTitle('#1 Block admin'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Action' }));
    fireEvent.click(await screen.findByTitle('Custom error code'));
    fireEvent.change(screen.getByLabelText('Client IP'), { target: { value: ' 203.0.113.9 ' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(sent(calls).at(-1)).toEqual({
        siteId: 7,
        ruleId: 11,
        action: 'code',
        clientIp: '203.0.113.9',
        page: 1,
        limit: 20,
      }),
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Site' }));
    fireEvent.click(await screen.findByTitle('img.example.com'));
    await waitFor(() =>
      expect(sent(calls).at(-1)).toEqual({
        siteId: 9,
        action: 'code',
        clientIp: '203.0.113.9',
        page: 1,
        limit: 20,
      }),
    );
  });

  it('says so when nothing was blocked, when there is no site, and when loading fails', async () => {
    fakeApi({ ...answers, [WAF_PATHS.events]: pageOf([]) });
    const first = renderWithApp(<BlockLog />);
    expect(await screen.findByText(/No blocks in the last 7 days/)).toBeTruthy();
    first.unmount();
    fakeApi({ [SITE_PATHS.list]: pageOf([]) });
    const second = renderWithApp(<BlockLog />);
    expect(await screen.findByText(/You have no sites yet/)).toBeTruthy();
    second.unmount();
    const { calls } = fakeApi({ [SITE_PATHS.list]: sites, [WAF_PATHS.list]: { rules: [] } });
    renderWithApp(<BlockLog />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(sent(calls)).toHaveLength(2));
    expect(screen.getByText(/The block log could not be loaded/)).toBeTruthy();
  });
});
