// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { renderWithApp } from '@/shared/test/render';
import { stubBrowserApis } from '@/shared/ui/test-setup';
import { PageErrorBoundary } from './PageErrorBoundary';

function Throws({ error }: { error: Error }): never {
  throw error;
}

beforeAll(async () => {
  stubBrowserApis();
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('PageErrorBoundary', () => {
  it.each([
    [
      new TypeError('Failed to fetch dynamically imported module: /assets/x.js'),
      'The page could not be loaded',
    ],
    [new Error('boom'), 'Something went wrong'],
  ])('shows what happened and offers a reload (%s)', async (error, title) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
    renderWithApp(
      <PageErrorBoundary resetKey="/a">
        <Throws error={error} />
      </PageErrorBoundary>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(title);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
