import { BUNDLE_DIR_MARKER, type EdgeBundleFile } from '@nimbus/contract';
import { defaultServers, type ListenKind } from './listen';
import { servesHttps, siteConfig } from './site';
import { streamConfig } from './stream';
import { certPath, keyPath, tlsDefaults } from './tls';
import type { CompileInput, CompileOutput } from './types';

const sitePath = (id: number) => `sites/${id}.conf`;

/** The ports in use on the node, each with whether it speaks TLS. */
function usedPorts(input: CompileInput, certificates: ReadonlySet<number>): Map<number, ListenKind> {
  const used = new Map<number, ListenKind>();
  for (const site of input.sites) {
    for (const port of site.httpPorts) if (!used.has(port)) used.set(port, 'http');
    if (servesHttps(site, certificates)) for (const port of site.httpsPorts) used.set(port, 'https');
  }
  return used;
}

function httpConf(input: CompileInput, certificates: ReadonlySet<number>, siteIds: number[]): string {
  return [
    `# node ${input.node.id}: ${siteIds.length} sites`,
    // Long and many names: the defaults (64-byte buckets) make nginx -t fail on real domains.
    'server_names_hash_bucket_size 256;',
    'server_names_hash_max_size 131072;',
    'variables_hash_bucket_size 128;',
    ...tlsDefaults(),
    ...defaultServers(input.node.listenAddress, usedPorts(input, certificates)),
    ...siteIds.map((id) => `include ${BUNDLE_DIR_MARKER}/${sitePath(id)};`),
    '',
  ].join('\n');
}

/**
 * Rows in, files out: pure and deterministic (sorted, no clock), so equal input gives equal
 * bytes and an equal hash. Private keys are named, never included (see CompileOutput).
 */
export function compileBundle(input: CompileInput): CompileOutput {
  const certificates = new Set(input.certificates.map((c) => c.id));
  const sites = [...input.sites].sort((a, b) => a.id - b.id);
  const files: EdgeBundleFile[] = [
    {
      path: 'http.conf',
      content: httpConf(
        input,
        certificates,
        sites.map((s) => s.id),
      ),
    },
    { path: 'stream.conf', content: streamConfig(input.streams, input.node.listenAddress) },
    ...sites.map((site) => ({
      path: sitePath(site.id),
      content: siteConfig(site, input.node.listenAddress, certificates),
    })),
  ];
  const used = [
    ...new Set(sites.filter((s) => servesHttps(s, certificates)).map((s) => s.certificateId!)),
  ].sort((a, b) => a - b);
  for (const id of used)
    files.push({ path: certPath(id), content: input.certificates.find((c) => c.id === id)!.certPem });
  return {
    files: files.sort((a, b) => a.path.localeCompare(b.path)),
    keyFiles: used.map((id) => ({ path: keyPath(id), certificateId: id })),
  };
}
