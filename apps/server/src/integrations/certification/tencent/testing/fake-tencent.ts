import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signTc3, tc3Date } from '../../../sms/tencent/tc3-signature';
import { FACEID_SERVICE, FACEID_VERSION } from '../faceid-api';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface FakeFaceIdCheck {
  bizToken: string;
  ruleId: string;
  idCard: string;
  name: string;
  redirectUrl: string;
  extra: string;
  /** null until the person finishes; then Text.ErrCode and whom the check found. */
  outcome: { errCode: number; errMsg: string; idCard: string; name: string } | null;
}

export const FAIL = { errCode: 2016, errMsg: '无法判断为同一人，请确认身份后重试（相似度未达到通过阈值）' };

/**
 * A local Tencent Cloud FaceID as documented: POST `/` with TC3-HMAC-SHA256 (the signature is
 * recomputed from what arrived with the SecretKey it knows) for DetectAuth and
 * GetDetectInfoEnhanced; `/check/<BizToken>` is the page the browser opens, with Pass and Fail
 * buttons that end the check and send the browser to RedirectUrl. Tests also decide directly.
 */
export async function startFakeTencentFaceId(account: {
  secretId: string;
  secretKey: string;
  ruleId: string;
}) {
  const checks = new Map<string, FakeFaceIdCheck>();
  /** Every API call: its action and whether its signature verified. */
  const calls: { action: string; verified: boolean }[] = [];

  function decide(bizToken: string, passed: boolean, person: { idCard?: string; name?: string } = {}) {
    const check = checks.get(bizToken);
    if (!check) throw new Error(`fake faceid: no check ${bizToken}`);
    check.outcome = {
      ...(passed ? { errCode: 0, errMsg: '成功' } : FAIL),
      idCard: person.idCard ?? check.idCard,
      name: person.name ?? check.name,
    };
  }

  function api(request: http.IncomingMessage, body: string): unknown {
    const fail = (Code: string, Message: string) => ({
      Response: { Error: { Code, Message }, RequestId: crypto.randomUUID() },
    });
    const header = (name: string) => String(request.headers[name] ?? '');
    const action = header('x-tc-action');
    const auth =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d\d-\d\d)\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        header('authorization'),
      );
    const timestamp = Number(header('x-tc-timestamp'));
    let verified = false;
    if (
      auth &&
      auth[1] === account.secretId &&
      auth[3] === FACEID_SERVICE &&
      auth[2] === tc3Date(timestamp)
    ) {
      const names = auth[4]!.split(';');
      const expected = signTc3({
        secretId: account.secretId,
        secretKey: account.secretKey,
        service: FACEID_SERVICE,
        headers: Object.fromEntries(names.map((name) => [name, header(name)])),
        payload: body,
        timestamp,
      });
      verified = names.includes('content-type') && names.includes('host') && expected.signature === auth[5];
    }
    calls.push({ action, verified });
    if (!auth) return fail('AuthFailure.InvalidAuthorization', 'Authorization is malformed');
    if (auth[1] !== account.secretId)
      return fail('AuthFailure.SecretIdNotFound', 'The SecretId is not found');
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300)
      return fail('AuthFailure.SignatureExpire', 'The signature expired');
    if (!verified)
      return fail('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
    if (header('x-tc-version') !== FACEID_VERSION) return fail('InvalidAction', 'version not supported');
    const params = JSON.parse(body) as Record<string, string>;
    if (params.RuleId !== account.ruleId)
      return fail('InvalidParameterValue.RuleIdNotExist', 'RuleId不存在，请到人脸核身控制台申请。');

    if (action === 'DetectAuth') {
      const bizToken = crypto.randomUUID().toUpperCase();
      checks.set(bizToken, {
        bizToken,
        ruleId: params.RuleId,
        idCard: params.IdCard ?? '',
        name: params.Name ?? '',
        redirectUrl: params.RedirectUrl ?? '',
        extra: params.Extra ?? '',
        outcome: null,
      });
      return {
        Response: { Url: `${base}check/${bizToken}`, BizToken: bizToken, RequestId: crypto.randomUUID() },
      };
    }
    if (action === 'GetDetectInfoEnhanced') {
      const check = checks.get(params.BizToken ?? '');
      if (!check) return fail('InvalidParameterValue.BizTokenExpired', 'BizToken过期。');
      const done = check.outcome;
      const Text = {
        ErrCode: done?.errCode ?? null,
        ErrMsg: done?.errMsg ?? null,
        IdCard: done?.idCard ?? null,
        Name: done?.name ?? null,
        LiveStatus: done ? 0 : null,
        Comparestatus: done?.errCode ?? null,
        Extra: check.extra,
      };
      return { Response: { Text, IdCardData: null, BestFrame: null, RequestId: crypto.randomUUID() } };
    }
    return fail('InvalidAction', `action ${action} not supported`);
  }

  function page(url: URL, method: string, response: http.ServerResponse) {
    const [, token = '', verdict] = /^\/check\/([^/]+)(?:\/(pass|fail))?$/.exec(url.pathname) ?? [];
    const check = checks.get(token);
    if (!check) {
      response.writeHead(404);
      return response.end();
    }
    if (verdict && method === 'POST') {
      decide(token, verdict === 'pass');
      // Back to the merchant's page with the token, as the H5 flow ends.
      const back = new URL(check.redirectUrl);
      back.searchParams.set('token', token);
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>Fake FaceID</title><p>${escapeHtml(check.name)}</p>` +
        `<form method="post" action="/check/${token}/pass"><button>Pass</button></form>` +
        `<form method="post" action="/check/${token}/fail"><button>Fail</button></form>`,
    );
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      if (url.pathname.startsWith('/check/')) return page(url, request.method ?? 'GET', response);
      if (request.method !== 'POST' || url.pathname !== '/') {
        response.writeHead(404);
        return response.end();
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(api(request, Buffer.concat(chunks).toString('utf8'))));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  return {
    /** The endpoint to configure. */
    url: base,
    checks,
    calls,
    decide,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
