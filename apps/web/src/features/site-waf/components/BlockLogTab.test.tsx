// @vitest-environment jsdom
import { WAF_PATHS } from '@nimbus/contract';
import { configure, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BlockLogTab } from '@/features/site-waf/components/BlockLogTab';
import { fakeWafApi, wafRule } from '@/features/site-waf/components/test-fixtures';
import { renderWithApp, setUpComponentTests } from '@/shared/test/render';

configure({ asyncUtilTimeout: 10_000 });

describe('BlockLogTab', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('lists the latest events the edges reported for the domain, with the rule that acted', async () => {
    const event = {
      id: 1,
      ruleId: 11,
      action: 'intercept' as const,
      clientIp: '203.0.113.5',
      request: 'GET /wp-login.php HTTP/1.1',
      nodeName: 'edge-1',
      time: '2026-11-27T10:00:00.000Z',
    };
    fakeWafApi({
      [WAF_PATHS.list]: { rules: [wafRule(11, { priority: 1, remark: 'no wordpress' })] },
      [WAF_PATHS.events]: { list: [event], totalCount: 1, pageSize: 10, currPage: 1 },
    });
    renderWithApp(<BlockLogTab siteId={7} />);
    expect(await screen.findByText('GET /wp-login.php HTTP/1.1')).toBeTruthy();
    expect(screen.getByText('203.0.113.5')).toBeTruthy();
    expect(screen.getByText(/Requests this domain's WAF rules acted on/)).toBeTruthy();
  });

  it('names the rate limits’ events (rule 0) as such', async () => {
    const event = {
      id: 2,
      ruleId: 0,
      action: 'ban' as const,
      clientIp: '203.0.113.6',
      request: 'GET /api/login HTTP/1.1',
      nodeName: 'edge-1',
      time: '2026-11-27T10:00:00.000Z',
    };
    fakeWafApi({
      [WAF_PATHS.list]: { rules: [] },
      [WAF_PATHS.events]: { list: [event], totalCount: 1, pageSize: 10, currPage: 1 },
    });
    renderWithApp(<BlockLogTab siteId={7} />);
    expect(await screen.findByText('GET /api/login HTTP/1.1')).toBeTruthy();
    expect(screen.getByText('Rate limit / CC protection')).toBeTruthy();
  });
});
