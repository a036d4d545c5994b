import { SITE_PATHS } from '@nimbus/contract';
import { type Outcome } from './lib/format';
import {
  listOnce,
  listRounds,
  p99Ratio,
  printListRounds,
  type ListRound,
  type ListRoundsOptions,
} from './lib/list-rounds';
import { type RunningNimbus } from './lib/nimbus';

/** Issue 7 §8 (d): the site list answers within 30 ms at p99 with 10,000 sites (median of rounds). */
export const LIST_P99_TARGET_MS = 30;
const PATH = `/api/${SITE_PATHS.list}`;
/** Part of 200 of the 10,000 domains: a customer looking for one of their own customers' sites. */
const KEYWORD = 'bench-customer-7.';

export interface ListOptions extends ListRoundsOptions {
  sites: number;
}

export interface ListResult {
  sites: number;
  connections: number;
  durationSeconds: number;
  searchMatches: number;
  /** Alternating rounds: the bare handler, the page, the search. */
  rounds: ListRound<'page' | 'search'>[];
}

/** The demo customer gets `count` sites in one statement, the way the site table stores them. */
async function seed(nimbus: RunningNimbus, count: number): Promise<void> {
  // Run alone (BENCH_ONLY=list), there are no edges yet: a group of two nodes that never connect,
  // so that each listed site still gets its per-node state as it does beside the edges.
  await nimbus.query(
    `with g as (
       insert into edge_groups (name, is_default) select 'bench-list', true
       where not exists (select 1 from edge_groups) returning id)
     insert into edge_nodes (name, ipv4, group_id, token_hash)
     select 'bench-list-' || n, '127.0.0.' || (80 + n), g.id, 'bench-list-' || n from g, generate_series(1, 2) n`,
  );
  await nimbus.query(
    `insert into sites (customer_id, domain, cname_label, node_group_id, origin_protocol, balance, origins, revision)
     select (select id from customers where username = $1),
            's' || g || '.bench-customer-' || (g % 50) || '.example.com',
            'benchlist' || lpad(g::text, 6, '0'),
            (select id from edge_groups order by is_default desc, id limit 1),
            'http', 'round_robin',
            '[{"address":"127.0.0.1","httpPort":80,"httpsPort":443,"weight":1,"role":"main"}]'::jsonb,
            0
     from generate_series(0, $2::int - 1) g`,
    [nimbus.customer.username, count],
  );
  // The table as autovacuum leaves it after a bulk insert (statistics and visibility map):
  // otherwise the plans change in the middle of the rounds, whenever autovacuum gets to it.
  await nimbus.query('vacuum analyze sites');
}

/**
 * (d) POST site/domain/list for the demo customer with 10,000 sites (autocannon), page 1 and a
 * domain search, beside a bare Fastify process answering the same page of JSON (same load, same
 * run): the floor this machine puts under any handler at this concurrency.
 */
export async function benchList(nimbus: RunningNimbus, options: ListOptions): Promise<ListResult> {
  await seed(nimbus, options.sites);
  const token = await nimbus.login('customer');
  const headers = { token, 'content-type': 'application/json' };
  const pageBody = JSON.stringify({ page: 1, limit: 20 });
  const searchBody = JSON.stringify({ page: 1, limit: 20, keyword: KEYWORD });
  const requests = { path: PATH, headers };
  const page = await listOnce(nimbus, 'site list', requests, pageBody);
  if (page.totalCount < options.sites) throw new Error(`the list counts ${page.totalCount} sites`);
  const search = await listOnce(nimbus, 'site list', requests, searchBody);
  const rounds = await listRounds(
    nimbus,
    {
      ...requests,
      baseline: { body: pageBody, answer: page.text },
      bodies: { page: pageBody, search: searchBody },
    },
    options,
  );
  return {
    sites: options.sites,
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    searchMatches: search.totalCount,
    rounds,
  };
}

export function printList(result: ListResult): Outcome[] {
  // The target is the list itself; the search (a worst case: every domain shares the
  // keyword's trigrams) is printed beside it against the same figure, for information.
  const { outcomes, series } = printListRounds({
    rounds: result.rounds,
    names: {
      baseline: 'bare Fastify, same JSON',
      page: 'Nimbus page 1 (limit 20)',
      search: `Nimbus keyword "${KEYWORD}" (${result.searchMatches} matches)`,
    },
    targetMs: LIST_P99_TARGET_MS,
    judged: { page: 'site list page 1 p99' },
  });
  console.log(
    `p99 ratio Nimbus page 1 / bare handler (medians) = ${p99Ratio(series.page, series.baseline)}× (info)`,
  );
  return outcomes;
}
