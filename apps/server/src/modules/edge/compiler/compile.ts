import { EDGE_MANIFEST_FILE, type EdgeBundleFile } from '@nimbus/contract';
import { errorPageFiles } from './errors';
import { httpConf, portPlan, sitePath } from './http';
import { manifest } from './manifest';
import { connectionZone } from './network-limits';
import { byText, integer, listenAddress } from './nginx-text';
import { servesHttps, siteConfig } from './site';
import { streamConfig, streamPath, streamRuleConfig, streamsById } from './stream';
import { certificateFile, certPath, keyPath } from './tls';
import type { CompileInput, CompileOutput } from './types';

/**
 * Rows in, files out: pure and deterministic (everything sorted, no clock, no host lookups), so
 * equal input gives equal bytes and an equal hash, whatever order the rows came in.
 *
 * Files: `http.conf` (for the agent's `http {}`), `stream.conf` (for its `stream {}`, always
 * present), `sites/<id>.conf` per site, `streams/<id>.conf` per forwarding rule, `certs/<id>.pem`
 * per certificate an HTTPS site serves, `errors/<siteId>/<status>.html` per custom error page, and `manifest.json` (which file is which item, and the
 * servers of each upstream, which the agent resolves and filters into `upstreams/<name>.conf`).
 * Paths inside them start with BUNDLE_DIR_MARKER. Private keys are never in `files`: keyFiles
 * names where each goes (`certs/<id>.key`) and the console fills it in when the node pulls.
 * Throws on a value that could change the config's meaning (see nginx-text.ts).
 */
export function compileBundle(input: CompileInput): CompileOutput {
  const address = listenAddress(input.node.listenAddress);
  const nodeId = integer('node id', input.node.id);
  const certificates = new Map(input.certificates.map((c) => [integer('certificate id', c.id), c]));
  const shipped = new Set(certificates.keys());
  const sites = [...input.sites].sort((a, b) => a.id - b.id);
  const streams = streamsById(input.streams);
  const plan = portPlan(sites, shipped);
  const tlsPorts = new Set([...plan].filter(([, kind]) => kind === 'https').map(([port]) => port));
  const files: EdgeBundleFile[] = [
    {
      path: 'http.conf',
      content: httpConf(
        nodeId,
        address,
        plan,
        sites.map((s) => s.id),
        connectionZone(sites),
      ),
    },
    { path: 'stream.conf', content: streamConfig(streams) },
    ...sites.map((site) => ({
      path: sitePath(site.id),
      content: siteConfig(site, { listenAddress: address, certificates: shipped, tlsPorts }),
    })),
    ...sites.flatMap(errorPageFiles),
    ...streams.map((rule) => ({ path: streamPath(rule.id), content: streamRuleConfig(rule, address) })),
    {
      path: EDGE_MANIFEST_FILE,
      content: `${JSON.stringify(manifest(sites, streams, shipped, input.allowRanges), null, 2)}\n`,
    },
  ];
  // Only certificates a served HTTPS site uses: an unused one has no business on the node.
  const used = [...new Set(sites.filter((s) => servesHttps(s, shipped)).map((s) => s.certificateId!))].sort(
    (a, b) => a - b,
  );
  for (const id of used) files.push({ path: certPath(id), content: certificateFile(certificates.get(id)!) });
  return {
    files: files.sort((a, b) => byText(a.path, b.path)),
    keyFiles: used.map((id) => ({ path: keyPath(id), certificateId: id })),
  };
}
