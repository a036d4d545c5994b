import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { alipaySignContent, parseRsaPublicKey, rsa2Sign, rsa2Verify } from '../alipay-sign';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface FakeCertify {
  certifyId: string;
  outerOrderNo: string;
  certName: string;
  certNo: string;
  returnUrl: string;
  /** null until the person finishes. */
  passed: boolean | null;
}

export const FAIL_REASON = 'Z1147';

interface BizContent {
  biz_code?: string;
  outer_order_no?: string;
  certify_id?: string;
  identity_param?: Record<string, string | undefined>;
  merchant_config?: { return_url?: string };
}

/**
 * A local Alipay gateway for identity verification, as documented: `gateway.do` takes the
 * signed form (POST) of `alipay.user.certify.open.initialize` / `.query` and answers
 * `{"<method>_response": {...}, "sign": "..."}` signed with its own RSA2 key (made at start);
 * the signed GET of `alipay.user.certify.open.certify` is the page the browser opens, with Pass
 * and Fail buttons that send it to return_url. Every request's signature is checked with the
 * merchant's public key. `forge` makes the next answers carry a signature by another key.
 */
export async function startFakeAlipayCertify(merchant: { appId: string; publicKey: string }) {
  const alipay = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const impostor = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const merchantKey = parseRsaPublicKey(merchant.publicKey);
  const certifies = new Map<string, FakeCertify>();
  const calls: { method: string; verified: boolean }[] = [];
  const state = { forge: false };

  /** Signs the answer node's text exactly as sent, as Alipay does. */
  function answer(method: string, content: Record<string, unknown>) {
    const text = JSON.stringify(content);
    const key = state.forge ? impostor.privateKey : alipay.privateKey;
    return `{"${method.replaceAll('.', '_')}_response":${text},"sign":"${rsa2Sign(text, key)}"}`;
  }
  const refuse = (method: string, code: string, msg: string, sub_code: string, sub_msg: string) =>
    answer(method, { code, msg, sub_code, sub_msg });

  /** The public parameters and signature as the gateway checks them; null when they pass. */
  function problem(params: Record<string, string>): [string, string] | null {
    const verified = rsa2Verify(alipaySignContent(params), params.sign ?? '', merchantKey);
    calls.push({ method: params.method ?? '', verified });
    if (params.app_id !== merchant.appId) return ['isv.invalid-app-id', '无效的AppID参数'];
    if (params.sign_type !== 'RSA2' || params.charset !== 'utf-8' || params.version !== '1.0')
      return ['isv.invalid-signature-type', '无效的签名类型'];
    if (!verified) return ['isv.invalid-signature', '验签出错'];
    const skew = Math.abs(Date.parse(`${params.timestamp?.replace(' ', 'T')}+08:00`) - Date.now());
    if (!(skew < 10 * 60_000)) return ['isv.invalid-timestamp', '非法的时间戳参数'];
    return null;
  }

  function api(params: Record<string, string>): string {
    const method = params.method ?? '';
    const bad = problem(params);
    if (bad) return refuse(method, '40002', 'Invalid Arguments', ...bad);
    const biz = JSON.parse(params.biz_content ?? '{}') as BizContent;
    if (method === 'alipay.user.certify.open.initialize') {
      const identity = biz.identity_param ?? {};
      if (
        biz.biz_code !== 'FACE' ||
        identity.identity_type !== 'CERT_INFO' ||
        identity.cert_type !== 'IDENTITY_CARD'
      )
        return refuse(method, '40004', 'Business Failed', 'INVALID_PARAMETER', '参数有误');
      const certifyId = crypto.randomBytes(16).toString('hex');
      certifies.set(certifyId, {
        certifyId,
        outerOrderNo: biz.outer_order_no ?? '',
        certName: identity.cert_name ?? '',
        certNo: identity.cert_no ?? '',
        returnUrl: biz.merchant_config?.return_url ?? '',
        passed: null,
      });
      return answer(method, { code: '10000', msg: 'Success', certify_id: certifyId });
    }
    if (method === 'alipay.user.certify.open.query') {
      const certify = certifies.get(biz.certify_id ?? '');
      if (!certify)
        return refuse(method, '40004', 'Business Failed', 'OPEN_CERTIFY_BILL_NOT_EXIST', '无效的certify_id');
      const passed = certify.passed === true ? 'T' : 'F';
      const failed = certify.passed === false ? { fail_reason: FAIL_REASON } : {};
      return answer(method, {
        code: '10000',
        msg: 'Success',
        passed,
        identity_info: '{}',
        material_info: '{}',
        ...failed,
      });
    }
    return refuse(method, '40004', 'Business Failed', 'isv.invalid-method', '不存在的方法名');
  }

  /** What the browser sees at the certify URL: the check's page, or the gateway's refusal. */
  function page(params: Record<string, string>, response: http.ServerResponse) {
    const bad = params.method === 'alipay.user.certify.open.certify' ? problem(params) : ['invalid-method'];
    const certifyId = (JSON.parse(params.biz_content ?? '{}') as BizContent).certify_id ?? '';
    const certify = certifies.get(certifyId);
    response.writeHead(bad || !certify ? 400 : 200, { 'content-type': 'text/html; charset=utf-8' });
    if (bad || !certify)
      return response.end(`<!doctype html><p>${escapeHtml(bad?.[0] ?? 'no certify_id')}</p>`);
    response.end(
      `<!doctype html><title>Fake Alipay</title><p>${escapeHtml(certify.certName)}</p>` +
        `<form method="post" action="/certify/${certifyId}/pass"><button>Pass</button></form>` +
        `<form method="post" action="/certify/${certifyId}/fail"><button>Fail</button></form>`,
    );
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const verdict = /^\/certify\/([0-9a-f]+)\/(pass|fail)$/.exec(url.pathname);
      if (verdict && request.method === 'POST' && certifies.has(verdict[1]!)) {
        const certify = certifies.get(verdict[1]!)!;
        certify.passed = verdict[2] === 'pass';
        response.writeHead(302, { location: certify.returnUrl });
        return response.end();
      }
      if (url.pathname !== '/gateway.do') {
        response.writeHead(404);
        return response.end();
      }
      if (request.method === 'GET') return page(Object.fromEntries(url.searchParams), response);
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
      response.end(api(form));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** The endpoint to configure. */
    endpoint: `${origin}/gateway.do`,
    /** Alipay's public key as the open platform shows it: bare base64 (SPKI). */
    alipayPublicKey: alipay.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    certifies,
    calls,
    state,
    /** Ends a check as the person would; `null` puts it back to unfinished. */
    decide(certifyId: string, passed: boolean | null) {
      certifies.get(certifyId)!.passed = passed;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
