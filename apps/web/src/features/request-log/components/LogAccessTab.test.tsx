// @vitest-environment jsdom
import { ANALYTICS_PATHS, type RequestLogQuery } from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteAdminTabBody } from '@/features/site-admin/components/SiteAdminTabBody';
import { logRow, pageOf, site } from '@/features/request-log/components/test-fixtures';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

describe("the site page's log-access tab", { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('is the request log of that site alone, whatever the filters', async () => {
    const { calls } = fakeApi({ [ANALYTICS_PATHS.requests]: pageOf([logRow()]) });
    renderWithApp(<SiteAdminTabBody tab="log-access" site={site(7, 'www.example.com')} />);
    expect(await screen.findByText('2026-11-27 10:30:00')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Site' })).toBeNull();
    fireEvent.change(screen.getByLabelText('URL contains'), { target: { value: '/a' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    const sent = () =>
      calls.filter((c) => c.path === ANALYTICS_PATHS.requests).map((c) => c.body as RequestLogQuery);
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent().map((q) => q.siteIds)).toEqual([[7], [7]]);
    expect(sent()[1]).toMatchObject({ uriContains: '/a' });
  });
});
