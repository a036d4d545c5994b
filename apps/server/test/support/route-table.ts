import type { FastifyInstance } from 'fastify';

export interface RouteHooks {
  method: string;
  path: string;
  /** Hook names per lifecycle stage, in the order Fastify runs them. */
  hooks: Record<string, string[]>;
}

const TREE_GROUP = /^(│ {3}| {4}|├── |└── )/u;

/**
 * Every route as Fastify will run it (the hooks come from its own route listing, not from what
 * the code meant to register). The listing is a tree: a branch adds its piece to its parent's
 * path; a line without a branch is another method of the route above it.
 */
export function routeTable(app: FastifyInstance): RouteHooks[] {
  const routes: RouteHooks[] = [];
  const stack: string[] = [];
  let current: RouteHooks[] = [];
  for (const line of app.printRoutes({ includeHooks: true, commonPrefix: false }).split('\n')) {
    let rest = line;
    let depth = 0;
    for (let group = TREE_GROUP.exec(rest); group; group = TREE_GROUP.exec(rest)) {
      rest = rest.slice(group[0].length);
      depth++;
    }
    if (!rest) continue;
    const hook = /^• \((\w+)\) (.*)$/u.exec(rest);
    if (hook) {
      for (const route of current) route.hooks[hook[1]!] = JSON.parse(hook[2]!) as string[];
      continue;
    }
    const node = /^(.*) \(([A-Z, -]+)\)$/.exec(rest);
    if (!node) throw new Error(`unexpected route listing line: ${line}`);
    const level = depth - 1;
    const path = (level > 0 ? stack[level - 1]! : '') + node[1]!;
    stack[level] = path;
    stack.length = level + 1;
    current = node[2]!.split(', ').map((method) => ({ method, path, hooks: {} }));
    routes.push(...current);
  }
  return routes;
}
