import { defaultServingSettings } from '@nimbus/contract';
import type { CompileInput, CompileSite } from './types';

/** Rows for the compiler's unit tests: a plain HTTP site with a weighted main and a backup. */
export const testSite = (over: Partial<CompileSite> = {}): CompileSite => ({
  id: 7,
  domain: 'www.a.test',
  originProtocol: 'http',
  balance: 'round_robin',
  origins: [
    { address: '10.0.0.1', httpPort: 8080, httpsPort: 8443, weight: 3, role: 'main' },
    { address: 'backup.a.test', httpPort: 80, httpsPort: 443, weight: 1, role: 'backup' },
  ],
  httpPorts: [80],
  httpsPorts: [443],
  httpsEnabled: false,
  certificateId: null,
  forceHttps: false,
  acmeChallenges: [],
  settings: defaultServingSettings(),
  rewrites: [],
  forceRedirect: null,
  ...over,
});

export const testInput = (over: Partial<CompileInput> = {}): CompileInput => ({
  node: { id: 1, listenAddress: '' },
  sites: [testSite()],
  streams: [],
  certificates: [],
  allowRanges: [],
  ...over,
});

export const TEST_CERT_PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
