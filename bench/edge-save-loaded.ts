import { benchSave, type SaveResult } from './edge-save';
import { siteRewrites, siteSettings } from './edge-render';
import type { Fleet } from './lib/edge-fleet';
import type { RunningNimbus } from './lib/nimbus';

/**
 * Issue 18 §5: save → served on both edges with 10,000 sites present, each with the render
 * benchmark's mix (20 cache rules, 5 headers, 2 origins, 3 rewrites). Same target as (d).
 */
const DOMAIN_SUFFIX = '.bench-loaded.example.com';

/**
 * The demo customer's extra sites in the default group, written the way the tables store them
 * (settings document, forwarding rules), in a few statements. Origins are loopback addresses the
 * bench allows; nothing ever asks them.
 */
async function seed(nimbus: RunningNimbus, count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({ i, settings: siteSettings(i) }));
  const [owner] = await nimbus.query<{ customer: number; group: number }>(
    `select (select id from customers where username = $1) as customer,
            (select id from edge_groups where is_default) as "group"`,
    [nimbus.customer.username],
  );
  for (let start = 0; start < count; start += 1000) {
    const batch = rows.slice(start, start + 1000);
    await nimbus.query(
      `with added as (
         insert into sites (customer_id, domain, cname_label, node_group_id, origin_protocol, balance,
                            origins, settings, revision)
         select $1, 'l' || (r->>'i') || $3, 'benchloaded' || lpad(r->>'i', 6, '0'), $2, 'http', 'round_robin',
                '[{"address":"127.0.0.1","httpPort":80,"httpsPort":443,"weight":2,"role":"main"},
                  {"address":"127.0.0.2","httpPort":80,"httpsPort":443,"weight":1,"role":"main"}]'::jsonb,
                r->'settings', 0
         from jsonb_array_elements($4::jsonb) r
         returning id, domain)
       insert into site_rewrites (customer_id, site_id, position, match, source, target, status, keep_query)
       select $1, added.id, w.position, w.match, w.source, w.target, w.status, w.keep_query
       from added, jsonb_to_recordset($5::jsonb)
         as w(position int, match text, source text, target text, status int, keep_query boolean)`,
      [
        owner!.customer,
        owner!.group,
        DOMAIN_SUFFIX,
        JSON.stringify(batch),
        JSON.stringify(siteRewrites(0).map((r, position) => ({ ...r, position, keep_query: r.keepQuery }))),
      ],
    );
  }
}

async function unseed(nimbus: RunningNimbus): Promise<void> {
  const like = [`%${DOMAIN_SUFFIX}`];
  await nimbus.query(
    'delete from site_rewrites where site_id in (select id from sites where domain like $1)',
    like,
  );
  await nimbus.query('delete from sites where domain like $1', like);
}

/**
 * (d) again with `sites` such sites beside the timed one: the first change after they are added
 * publishes them all and is not counted (`warmup`).
 */
export async function benchSaveLoaded(
  nimbus: RunningNimbus,
  fleet: Fleet,
  options: { sites: number; changes: number; limitMs: number },
): Promise<SaveResult & { sites: number }> {
  try {
    const result = await benchSave(nimbus, fleet, options.changes, {
      host: 'loaded.bench-customer.example.com',
      limitMs: options.limitMs,
      prepare: () => seed(nimbus, options.sites),
      warmup: 1,
    });
    return { ...result, sites: options.sites };
  } finally {
    await unseed(nimbus);
  }
}
