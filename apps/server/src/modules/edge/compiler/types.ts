import type {
  BalanceMode,
  EdgeBundleFile,
  ForceRedirectSettings,
  Origin,
  OriginProtocol,
  RewriteRuleSettings,
  SiteServingSettings,
  StreamBalanceMode,
} from '@nimbus/contract';

/**
 * What the compiler needs to know of one node's world: rows in, files out. The caller passes
 * only what the node serves (enabled sites and streams of its group) and nothing else, so a
 * bundle can never hold another group's certificates.
 */
export interface CompileInput {
  node: {
    id: number;
    /** Address the site ports bind to; '' = every address of the host. IPv6 without brackets. */
    listenAddress: string;
  };
  sites: CompileSite[];
  streams: CompileStream[];
  /** Certificates the sites reference (public part only: keys go in by reference). */
  certificates: CompileCertificate[];
  /** The admin's origin allow-list: refused ranges the node may still connect to (ADR 0030). */
  allowRanges: string[];
}

export interface CompileSite {
  id: number;
  /** The owner: the scope of what the site's WAF rules blacklist (nimbus.waf, `$nimbus_owner`). */
  customerId: number;
  /** Lower-case; may start with `*.`. */
  domain: string;
  originProtocol: OriginProtocol;
  balance: BalanceMode;
  origins: Origin[];
  httpPorts: number[];
  httpsPorts: number[];
  httpsEnabled: boolean;
  certificateId: number | null;
  forceHttps: boolean;
  /** HTTP-01 answers for certificates being issued (ACME). */
  acmeChallenges: { token: string; keyAuthorization: string }[];
  /** The domain-admin page's settings, every section filled (defaults for what was never saved). */
  settings: SiteServingSettings;
  /** Enabled URL-forwarding rules (site/rewrite) in the customer's order. */
  rewrites: RewriteRuleSettings[];
  /** The enabled forced redirect (site/force), if any. */
  forceRedirect: ForceRedirectSettings | null;
}

export interface CompileStream {
  id: number;
  protocol: 'tcp' | 'udp';
  listenPort: number;
  balance: StreamBalanceMode;
  origins: { address: string; port: number; weight: number; role: 'main' | 'backup' }[];
  connectTimeoutSeconds: number;
}

export interface CompileCertificate {
  id: number;
  /** Leaf first, then the chain. */
  certPem: string;
}

export interface CompileOutput {
  /** Every file of the bundle but private keys, sorted by path (deterministic hashes). */
  files: EdgeBundleFile[];
  /** Where each private key goes; the console fills them in only when the node pulls. */
  keyFiles: { path: string; certificateId: number }[];
}
