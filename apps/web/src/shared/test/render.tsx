import { cleanup, configure, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
// Console screens are tested here: their strings normally arrive with their pages.
import './all-strings';
import { afterEach, beforeAll, vi } from 'vitest';
import { i18n } from '@/i18n';
import { stubBrowserApis } from '@/shared/ui/test-setup';
import { FeedbackProvider } from '@/shared/feedback/FeedbackProvider';

/** Component tests: antd's browser stubs and English first; a clean DOM and fetch after each test. */
export function setUpComponentTests(): void {
  // The unit tier runs a worker per core: on a busy 2-core machine an antd screen can take longer
  // than testing-library's 1 s to settle. A wait still fails, only later.
  configure((current) => ({ asyncUtilTimeout: Math.max(current.asyncUtilTimeout, 5000) }));
  beforeAll(async () => {
    stubBrowserApis();
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

export interface FakeCall {
  path: string;
  method: string;
  body: unknown;
}

/** A JSON body parsed; a form's text fields as an object, its files as `File`s (several: a list). */
function bodyOf(body: BodyInit | null | undefined): unknown {
  if (!body) return undefined;
  if (!(body instanceof FormData)) return JSON.parse(String(body));
  const fields: Record<string, unknown> = {};
  for (const [key, value] of body.entries()) {
    const previous = fields[key];
    fields[key] = previous === undefined ? value : [previous, value].flat();
  }
  return fields;
}

/**
 * Answers `/api/<path>` calls from a table of envelopes' data, recording each call, so a test
 * sees exactly what the component sent (the real client and envelope handling stay in the loop).
 */
export function fakeApi(answers: Record<string, unknown>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const path = url.pathname.replace(/^\/api\//, '');
    calls.push({
      path,
      method: init?.method ?? 'GET',
      body: bodyOf(init?.body),
    });
    const known = Object.hasOwn(answers, path);
    const envelope = known
      ? { code: 1, msg: 'ok', data: answers[path] }
      : { code: 404, msg: `no fake for ${path}` };
    return new Response(JSON.stringify(envelope), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderWithApp(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <FeedbackProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </FeedbackProvider>
    </QueryClientProvider>,
  );
}
