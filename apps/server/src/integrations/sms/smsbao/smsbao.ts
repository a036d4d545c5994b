import crypto from 'node:crypto';
import type { MessageKey } from '@nimbus/contract';
import { badRequest } from '../../../platform/http/app-error';
import { callProvider } from '../provider-http';

export interface SmsBaoCredentials {
  /** Base address, e.g. https://api.smsbao.com (a trailing /sms is accepted). */
  api_addr: string;
  username: string;
  api_key: string;
  /** Put in front of the content as 【signname】 unless the content already starts with 【. */
  signname: string;
}

/** SMSBao's documented answer codes (0 is success). */
const SMSBAO_ERRORS: Record<string, MessageKey> = {
  '30': 'sms.smsbao.wrongPassword',
  '40': 'sms.smsbao.noAccount',
  '41': 'sms.smsbao.noBalance',
  '43': 'sms.smsbao.ipLimited',
  '50': 'sms.smsbao.sensitive',
  '51': 'sms.smsbao.badMobile',
};

export function smsBaoContent(signname: string, content: string): string {
  const sign = signname.trim();
  return sign && !content.startsWith('【') ? `【${sign}】${content}` : content;
}

export function smsBaoUrl(credentials: SmsBaoCredentials, mobile: string, content: string): URL {
  const base = credentials.api_addr
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/sms$/, '');
  const url = new URL(`${base}/sms`);
  url.searchParams.set('u', credentials.username);
  url.searchParams.set('p', crypto.createHash('md5').update(credentials.api_key, 'utf8').digest('hex'));
  url.searchParams.set('m', mobile.trim());
  url.searchParams.set('c', smsBaoContent(credentials.signname, content));
  return url;
}

/** SMSBao HTTP API: GET {api_addr}/sms?u=&p=md5(key)&m=&c=; the answer body is a bare code. */
export function smsBao(credentials: SmsBaoCredentials) {
  return {
    async send(message: { mobile: string; content: string }): Promise<void> {
      const answer = await callProvider(smsBaoUrl(credentials, message.mobile, message.content));
      const code = answer.text.trim();
      if (code === '0') return;
      const key = SMSBAO_ERRORS[code];
      if (key) throw badRequest(key);
      if (/^-?\d+$/.test(code)) throw badRequest('sms.smsbao.unknown', { code });
      throw badRequest('sms.badAnswer', { status: answer.status });
    },
  };
}
