import { badRequest } from '../../platform/http/app-error';

/** WeChat's own addresses (open platform docs, "网站应用微信登录"). */
const OPEN = 'https://open.weixin.qq.com';
const API = 'https://api.weixin.qq.com';
const TIMEOUT_MS = 15_000;

export interface WechatApp {
  appId: string;
  appSecret: string;
}

export interface WechatIdentity {
  openid: string;
  unionid?: string;
  nickname: string;
}

async function getJson(url: URL): Promise<Record<string, unknown>> {
  let text: string;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
    text = await response.text();
  } catch {
    throw badRequest('wechat.unreachable', { endpoint: url.origin });
  }
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw badRequest('wechat.exchangeFailed', { reason: `not JSON from ${url.origin}` });
  }
}

/** WeChat answers failures as `{ errcode, errmsg }` with HTTP 200. */
function refused(answer: Record<string, unknown>): string | undefined {
  const code = Number(answer.errcode ?? 0);
  return code === 0 ? undefined : `${code} ${String(answer.errmsg ?? '').slice(0, 120)}`.trim();
}

/**
 * The open platform's website QR login: the authorize page the browser visits, then the code
 * exchanged for an access token and openid, then the user's nickname. Endpoints are overridable
 * (tests run a local fake).
 */
export function wechatOpen(app: WechatApp, endpoints: { open?: string; api?: string } = {}) {
  return {
    /** `qrconnect` with scope snsapi_login; WeChat sends the browser to `redirectUri?code=&state=`. */
    authorizeUrl(redirectUri: string, state: string): string {
      const url = new URL('/connect/qrconnect', endpoints.open ?? OPEN);
      url.searchParams.set('appid', app.appId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', 'snsapi_login');
      url.searchParams.set('state', state);
      return `${url.toString()}#wechat_redirect`;
    },

    /** sns/oauth2/access_token, then sns/userinfo for the nickname. */
    async identify(code: string): Promise<WechatIdentity> {
      const tokenUrl = new URL('/sns/oauth2/access_token', endpoints.api ?? API);
      tokenUrl.searchParams.set('appid', app.appId);
      tokenUrl.searchParams.set('secret', app.appSecret);
      tokenUrl.searchParams.set('code', code);
      tokenUrl.searchParams.set('grant_type', 'authorization_code');
      const token = await getJson(tokenUrl);
      const tokenError = refused(token);
      if (tokenError || typeof token.openid !== 'string' || typeof token.access_token !== 'string')
        throw badRequest('wechat.exchangeFailed', { reason: tokenError ?? 'no openid in the answer' });

      const infoUrl = new URL('/sns/userinfo', endpoints.api ?? API);
      infoUrl.searchParams.set('access_token', token.access_token);
      infoUrl.searchParams.set('openid', token.openid);
      const info = await getJson(infoUrl);
      return {
        openid: token.openid,
        unionid: typeof token.unionid === 'string' ? token.unionid : undefined,
        // A nickname is only for showing which account is bound; its absence is no failure.
        nickname: refused(info) ? '' : String(info.nickname ?? '').slice(0, 64),
      };
    },
  };
}
