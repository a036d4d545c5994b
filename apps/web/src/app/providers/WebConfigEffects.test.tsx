// @vitest-environment jsdom
import { WEB_CONFIG_DEFAULTS, WEB_CONFIG_PATHS } from '@nimbus/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';
import { WebConfigEffects } from './WebConfigEffects';

setUpComponentTests();

const SHIPPED = 'Nimbus CDN 与 DNS 控制台 · Nimbus CDN and DNS console';
const description = () =>
  document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? null;

function serve(seo: Partial<typeof WEB_CONFIG_DEFAULTS.seo>) {
  return fakeApi({
    [WEB_CONFIG_PATHS.get]: {
      ...WEB_CONFIG_DEFAULTS,
      seo: { ...WEB_CONFIG_DEFAULTS.seo, ...seo },
      switches: {},
    },
  });
}

/** The effects under test, and whether the server's config has arrived. */
function Effects() {
  const { loaded } = useWebConfig();
  return (
    <>
      <WebConfigEffects />
      <output data-testid="loaded">{String(loaded)}</output>
    </>
  );
}

beforeEach(() => {
  document.head.innerHTML = `<meta name="description" content="${SHIPPED}" />`;
});

describe('WebConfigEffects', () => {
  it('keeps the page’s description under the default (empty) SEO description', async () => {
    serve({});
    renderWithApp(<Effects />);
    await waitFor(() => expect(screen.getByTestId('loaded').textContent).toBe('true'));
    expect(description()).toBe(SHIPPED);
  });

  it('shows the admin’s SEO description and keywords when set', async () => {
    serve({ description: 'Fast CDN and DNS', keywords: 'cdn, dns' });
    renderWithApp(<Effects />);
    await waitFor(() => expect(description()).toBe('Fast CDN and DNS'));
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="keywords"]')?.content).toBe('cdn, dns');
  });
});
