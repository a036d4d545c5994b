import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { smsBaoContent, smsBaoUrl } from './smsbao';

const credentials = {
  api_addr: 'https://api.smsbao.com/',
  username: 'nimbus',
  api_key: 'k3y',
  signname: 'Nimbus',
};

describe('SMSBao request', () => {
  it('builds {api_addr}/sms?u=&p=md5(api_key)&m=&c=【sign】content', () => {
    const url = smsBaoUrl(credentials, '13800000000', '验证码 123456');
    expect(url.origin + url.pathname).toBe('https://api.smsbao.com/sms');
    expect(url.searchParams.get('u')).toBe('nimbus');
    expect(url.searchParams.get('p')).toBe(crypto.createHash('md5').update('k3y').digest('hex'));
    expect(url.searchParams.get('m')).toBe('13800000000');
    expect(url.searchParams.get('c')).toBe('【Nimbus】验证码 123456');
  });

  it('accepts an address that already ends in /sms', () => {
    expect(smsBaoUrl({ ...credentials, api_addr: 'http://api.smsbao.com/sms' }, '1', 'x').pathname).toBe(
      '/sms',
    );
  });

  it('does not sign twice, and sends unsigned when no signature is set', () => {
    expect(smsBaoContent('Nimbus', '【Other】hi')).toBe('【Other】hi');
    expect(smsBaoContent('', 'hi')).toBe('hi');
  });
});
