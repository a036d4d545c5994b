import type { WafRule } from '@nimbus/contract';
import { vi } from 'vitest';
import type { FakeCall } from '@/shared/test/render';

export function wafRule(id: number, extra: Partial<WafRule> = {}): WafRule {
  return {
    id,
    siteId: 7,
    priority: id,
    remark: `rule ${id}`,
    conditions: [{ target: 'path', name: '', operator: 'prefix', negate: false, value: '/admin' }],
    action: 'intercept',
    status: 403,
    seconds: 0,
    enabled: true,
    preset: '',
    updateTime: '2026-11-27T04:00:00Z',
    ...extra,
  };
}

/**
 * Answers `/api/<path>` from a table: a function answer gets the request's body; an answer
 * `{ refuse: msg }` is a handled failure (code 400) with that message, as the server sends it.
 */
export function fakeWafApi(answers: Record<string, unknown>) {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname.replace(/^\/api\//, '');
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path, method: init?.method ?? 'GET', body });
      let answer = answers[path];
      if (typeof answer === 'function') answer = (answer as (b: unknown) => unknown)(body);
      const envelope =
        answer === undefined
          ? { code: 404, msg: `no fake for ${path}` }
          : answer && typeof answer === 'object' && 'refuse' in answer
            ? { code: 400, msg: (answer as { refuse: string }).refuse }
            : { code: 1, msg: 'ok', data: answer };
      return new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return { calls, bodiesOf: (p: string) => calls.filter((c) => c.path === p).map((c) => c.body) };
}
