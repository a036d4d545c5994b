import { SITE_SETTINGS_PATHS, defaultServingSettings } from '@nimbus/contract';
import { vi } from 'vitest';
import type { FakeCall } from '@/shared/test/render';

/**
 * The settings save as the tabs' tests see it: every call recorded, answered with the saved
 * settings, or with a refusal (`{ code, msg }`) the way the server's error handler sends one.
 */
export function fakeSettingsSave(refusal?: { code: number; msg: string }) {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname.replace(/^\/api\//, '');
      calls.push({
        path,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      const envelope =
        path === SITE_SETTINGS_PATHS.save && !refusal
          ? { code: 1, msg: 'ok', data: { id: 7, settings: defaultServingSettings(), version: 2 } }
          : (refusal ?? { code: 404, msg: `no fake for ${path}` });
      return new Response(JSON.stringify(envelope), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const saves = () => calls.filter((c) => c.path === SITE_SETTINGS_PATHS.save).map((c) => c.body);
  return { calls, saves };
}
