import { PROBE_API_PATHS, type AuthorizationInfo } from '@nimbus/contract';
import type { AppContext } from '../../platform/context';
import { releaseNotes } from '../common/changelog';
import { publicConsoleUrl } from '../web-config/public-url';
import { probeKeyService } from './probe-key';

/** The product name the authorization screen shows; the brand on screens is web config's webName. */
const PRODUCT = 'Nimbus';

/**
 * The DNS admin's authorization info: what this installation is (its release, from the
 * CHANGELOG that ships with it) and where probes call with the platform key. Every URL starts
 * with the configured public console URL, never a request's Host.
 */
export function authorizationService(ctx: Pick<AppContext, 'db' | 'secrets' | 'config' | 'audit'>) {
  const probes = probeKeyService(ctx);
  return {
    async info(): Promise<AuthorizationInfo> {
      const [release] = await releaseNotes();
      const consoleUrl = (await publicConsoleUrl(ctx)) ?? '';
      const url = (path: string) => (consoleUrl ? `${consoleUrl}/api/${path}` : '');
      return {
        product: PRODUCT,
        version: release?.version ?? '',
        releaseDate: release?.date ?? '',
        consoleUrl,
        importUrl: url(PROBE_API_PATHS.nodes),
        reportUrl: url(PROBE_API_PATHS.report),
        keyCreatedAt: (await probes.createdAt()) ?? null,
      };
    },
  };
}
