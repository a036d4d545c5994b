import type { FastifyInstance, RouteOptions } from 'fastify';
import { isIdentityGuard, type IdentityGuard } from './guards';

/** The route hooks that run once the body has been read (or while it is being read). */
const AFTER_BODY = ['preParsing', 'preValidation', 'preHandler'] as const;

const listOf = (hooks: unknown): unknown[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Every identity guard runs in `onRequest`, first, however a route names it: a guard in
 * preValidation ran only after Fastify had read the whole body (512 MB for a backup), so an
 * unauthenticated caller could make the server read and hold it. Moving guards here, in one
 * place, covers every route of every module, those written later included, instead of each
 * route remembering the right hook.
 */
export function runGuardsFirst(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    const options = route as unknown as Record<string, unknown>;
    const guards: IdentityGuard[] = [];
    for (const hook of AFTER_BODY) {
      const hooks = listOf(options[hook]);
      guards.push(...hooks.filter(isIdentityGuard));
      const rest = hooks.filter((h) => !isIdentityGuard(h));
      if (rest.length > 0) options[hook] = rest;
      else delete options[hook];
    }
    if (guards.length === 0) return;
    const onRequest = listOf(route.onRequest).filter((h) => !guards.includes(h as IdentityGuard));
    route.onRequest = [...guards, ...onRequest] as RouteOptions['onRequest'];
  });
}
