import { WEB_CONFIG_DEFAULTS } from '@nimbus/contract';
import { expect } from 'vitest';
import type { TestServer } from '../harness';

/** An admin saves web config's power switches: the defaults with these changed. */
export async function savePower(
  server: TestServer,
  admin: string,
  changes: Partial<typeof WEB_CONFIG_DEFAULTS.power>,
): Promise<void> {
  const answer = await server.call('POST', 'sys/config/web/save', {
    token: admin,
    body: { section: 'power', value: { ...WEB_CONFIG_DEFAULTS.power, ...changes } },
  });
  expect(answer.body.code, answer.body.msg).toBe(1);
}
