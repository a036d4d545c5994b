import http from 'node:http';
import type { AddressInfo } from 'node:net';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A local stand-in for WeChat's open platform as documented: `/connect/qrconnect` (the page a
 * person would scan) and `/sns/oauth2/access_token` + `/sns/userinfo`. A test "scans" by
 * calling `scan(openid)`, which issues a one-time code as WeChat would; a browser test presses the
 * QR page's confirm button, and the fake sends the browser back with a code.
 */
export async function startFakeWechat(app: { appId: string; appSecret: string }) {
  const codes = new Map<string, { openid: string; nickname: string }>();
  const tokens = new Map<string, string>();
  const requests: string[] = [];
  let next = 0;
  const issue = (openid: string) => {
    const code = `code-${++next}`;
    codes.set(code, { openid, nickname: `nick-${openid}` });
    return code;
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    requests.push(url.pathname);
    const json = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/sns/oauth2/access_token') {
      if (url.searchParams.get('appid') !== app.appId || url.searchParams.get('secret') !== app.appSecret)
        return json({ errcode: 40125, errmsg: 'invalid appsecret' });
      const code = url.searchParams.get('code') ?? '';
      const user = codes.get(code);
      if (!user || url.searchParams.get('grant_type') !== 'authorization_code')
        return json({ errcode: 40029, errmsg: 'invalid code' });
      codes.delete(code);
      const token = `token-${++next}`;
      tokens.set(token, user.openid);
      return json({
        access_token: token,
        expires_in: 7200,
        refresh_token: 'r',
        openid: user.openid,
        scope: 'snsapi_login',
      });
    }
    if (url.pathname === '/sns/userinfo') {
      const openid = tokens.get(url.searchParams.get('access_token') ?? '');
      if (!openid || openid !== url.searchParams.get('openid'))
        return json({ errcode: 40001, errmsg: 'invalid token' });
      return json({ openid, nickname: `nick-${openid}` });
    }
    if (url.pathname === '/connect/qrconnect') {
      // What a person sees after scanning: a confirmation, here a button a browser test presses.
      const hidden = ['appid', 'redirect_uri', 'state']
        .map(
          (name) =>
            `<input type="hidden" name="${name}" value="${escapeHtml(url.searchParams.get(name) ?? '')}">`,
        )
        .join('');
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><title>WeChat (fake)</title><form action="/connect/confirm">${hidden}` +
          '<label>openid <input name="openid" value="openid-browser"></label>' +
          '<button type="submit">Confirm login</button></form>',
      );
      return;
    }
    if (url.pathname === '/connect/confirm') {
      if (url.searchParams.get('appid') !== app.appId)
        return json({ errcode: 40013, errmsg: 'invalid appid' });
      const code = issue(url.searchParams.get('openid') ?? 'openid-browser');
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: back.toString() }).end();
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    requests,
    /** A person scans and confirms: WeChat issues a code for their openid. */
    scan: issue,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
