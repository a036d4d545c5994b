import type { EdgeBundleItem, EdgeManifest } from '@nimbus/contract';
import { sitePath } from './http';
import { servesHttps } from './site';
import { streamPath } from './stream';
import { certPath, keyPath } from './tls';
import type { CompileSite, CompileStream } from './types';

/**
 * manifest.json: each site and forwarding rule with its file, the files it reads and its ports,
 * so the agent can tell which item an nginx error is about and leave that one out.
 */
export function manifest(
  sites: readonly CompileSite[],
  streams: readonly CompileStream[],
  certificates: ReadonlySet<number>,
): EdgeManifest {
  const items: EdgeBundleItem[] = [
    ...sites.map((site) => {
      const https = servesHttps(site, certificates);
      const cert = https ? site.certificateId! : undefined;
      return {
        kind: 'site' as const,
        id: site.id,
        file: sitePath(site.id),
        uses: cert === undefined ? [] : [certPath(cert), keyPath(cert)],
        ports: [...new Set([...site.httpPorts, ...(https ? site.httpsPorts : [])])].sort((a, b) => a - b),
      };
    }),
    ...streams.map((rule) => ({
      kind: 'stream' as const,
      id: rule.id,
      file: streamPath(rule.id),
      uses: [],
      ports: [rule.listenPort],
    })),
  ];
  return { items };
}
