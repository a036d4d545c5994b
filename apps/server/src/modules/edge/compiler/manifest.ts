import { isAddressRange, type EdgeBundleItem, type EdgeManifest } from '@nimbus/contract';
import { errorPageFiles } from './errors';
import { byText } from './nginx-text';
import { sitePath } from './http';
import { siteUpstreamSpecs } from './origins';
import { servesHttps } from './site';
import { streamPath, streamUpstreamSpec } from './stream';
import { certPath, keyPath } from './tls';
import type { CompileSite, CompileStream } from './types';

/**
 * manifest.json: each site and forwarding rule with its file, the files it reads and its ports,
 * so the agent can tell which item an nginx error is about and leave that one out; and each
 * upstream's servers with the allow-list, from which the agent writes the upstream files.
 */
export function manifest(
  sites: readonly CompileSite[],
  streams: readonly CompileStream[],
  certificates: ReadonlySet<number>,
  allowRanges: readonly string[],
): EdgeManifest {
  const siteUpstreams = new Map(sites.map((site) => [site.id, siteUpstreamSpecs(site)]));
  const streamUpstreams = new Map(streams.map((rule) => [rule.id, streamUpstreamSpec(rule)]));
  const items: EdgeBundleItem[] = [
    ...sites.map((site) => {
      const https = servesHttps(site, certificates);
      const cert = https ? site.certificateId! : undefined;
      return {
        kind: 'site' as const,
        id: site.id,
        file: sitePath(site.id),
        uses: [
          ...(cert === undefined ? [] : [certPath(cert), keyPath(cert)]),
          ...siteUpstreams.get(site.id)!.map((u) => u.file),
          ...errorPageFiles(site).map((f) => f.path),
        ],
        ports: [...new Set([...site.httpPorts, ...(https ? site.httpsPorts : [])])].sort((a, b) => a - b),
      };
    }),
    ...streams.map((rule) => ({
      kind: 'stream' as const,
      id: rule.id,
      file: streamPath(rule.id),
      uses: [streamUpstreams.get(rule.id)!.file],
      ports: [rule.listenPort],
    })),
  ];
  return {
    items,
    upstreams: [...[...siteUpstreams.values()].flat(), ...streamUpstreams.values()],
    allowRanges: [...allowRanges].filter(isAddressRange).sort(byText),
  };
}
