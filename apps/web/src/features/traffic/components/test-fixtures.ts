import { ANALYTICS_PATHS, type TrafficQuery, type TrafficSeries } from '@nimbus/contract';
import { vi } from 'vitest';

export interface TrafficCall {
  path: string;
  body: TrafficQuery;
}

type Answer = TrafficSeries | { fail: string };

/**
 * Answers the traffic query by its range: `answer(query)` picks the series (this range's or the
 * period before); other paths get `others[path]`. Records each call's path and body.
 */
export function fakeTrafficApi(
  answer: (query: TrafficQuery) => Answer,
  others: Record<string, unknown> = {},
) {
  const calls: TrafficCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname.replace(/^\/api\//, '');
      const body = init?.body ? (JSON.parse(String(init.body)) as TrafficQuery) : ({} as TrafficQuery);
      calls.push({ path, body });
      let envelope: unknown;
      if (path === ANALYTICS_PATHS.traffic) {
        const result = answer(body);
        envelope = 'fail' in result ? { code: 500, msg: result.fail } : { code: 1, msg: 'ok', data: result };
      } else if (Object.hasOwn(others, path)) envelope = { code: 1, msg: 'ok', data: others[path] };
      else envelope = { code: 404, msg: `no fake for ${path}` };
      return new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return { calls, trafficCalls: () => calls.filter((call) => call.path === ANALYTICS_PATHS.traffic) };
}

/** ECharts as the charts see it: each option drawn is kept, the last one first. */
export const drawnOptions: Record<string, unknown>[] = [];
export const fakeEcharts = {
  getInstanceByDom: () => undefined,
  init: () => ({
    setOption: (option: Record<string, unknown>) => void drawnOptions.unshift(option),
    dispose: () => undefined,
    resize: () => undefined,
  }),
};
