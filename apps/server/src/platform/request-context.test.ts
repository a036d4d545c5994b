import { expect, it } from 'vitest';
import { currentRequestId, openRequestScope, openRequestScopes } from './request-context';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

it('keeps each scope’s id across awaits, apart from the others', async () => {
  const first = openRequestScope('first');
  const second = openRequestScope('second');
  const seen = await Promise.all([
    first.run(async () => {
      await tick();
      return currentRequestId();
    }),
    second.run(async () => {
      await tick();
      return currentRequestId();
    }),
  ]);
  expect(seen).toEqual(['first', 'second']);
  first.leave();
  second.leave();
});

it('turns the storage off when the last scope closes, however often it is closed', async () => {
  const scope = openRequestScope('only');
  const later = scope.run(async () => {
    await tick();
    return currentRequestId();
  });
  scope.leave();
  scope.leave();
  expect(openRequestScopes()).toBe(0);
  // Disabled: even work still pending in the closed scope no longer sees its id.
  expect(await later).toBeUndefined();
  expect(currentRequestId()).toBeUndefined();
});
