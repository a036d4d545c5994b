import { FACE_PROVIDERS, PAYMENT_GATEWAYS, WECHAT_CONFIG_KEY } from '@nimbus/contract';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/http/app-error';
import { readWebConfigSection } from './web-config.service';

type UrlContext = Pick<AppContext, 'db' | 'config'>;

/**
 * The console's public address (NIMBUS_PUBLIC_URL, else web config basic.consoleUrl), without a
 * trailing slash; undefined until an admin sets it. Every URL the server hands out starts here:
 * a request's Host header is the caller's to choose, and a signed URL built from it made the
 * console a signing oracle for forged payment notifications (issue 17 §1).
 */
export async function publicConsoleUrl(ctx: UrlContext): Promise<string | undefined> {
  const configured = ctx.config.publicUrl ?? (await readWebConfigSection(ctx.db, 'basic')).consoleUrl;
  return configured ? new URL(configured).origin : undefined;
}

/**
 * Switches whose provider is handed a URL of ours to call or send the browser back to: they can
 * be switched on only once the public console URL is set (what they would be given otherwise
 * could only come from a request).
 */
const NEEDS_PUBLIC_URL = new Set<string>([
  ...Object.values(PAYMENT_GATEWAYS).map((gateway) => gateway.configKey),
  ...Object.values(FACE_PROVIDERS).map((provider) => provider.configKey),
  WECHAT_CONFIG_KEY,
]);

/** Refuses switching such a provider on while the public console URL is unset. */
export async function checkSwitchNeedsPublicUrl(
  ctx: UrlContext,
  row: { paramKey: string; status: number },
): Promise<void> {
  if (row.status === 1 && NEEDS_PUBLIC_URL.has(row.paramKey)) await requirePublicConsoleUrl(ctx);
}

/** The public console URL, or a refusal that tells the admin where to set it. */
export async function requirePublicConsoleUrl(ctx: UrlContext): Promise<string> {
  const url = await publicConsoleUrl(ctx);
  if (!url) throw badRequest('config.publicUrlMissing');
  return url;
}
