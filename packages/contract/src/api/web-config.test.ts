import { describe, expect, it } from 'vitest';
import { isConsoleOrigin } from './web-config';

describe('isConsoleOrigin', () => {
  it('takes a scheme, a host and a port only', () => {
    const good = ['https://cdn.example.com', 'http://127.0.0.1:8080/', 'https://[2001:db8::1]:8443'];
    const bad = [
      'cdn.example.com',
      'ftp://cdn.example.com',
      'https://cdn.example.com/console',
      'https://cdn.example.com?x=1',
      'https://user:pass@cdn.example.com',
      'https://h&trade_status=TRADE_SUCCESS',
      'https://cdn.example.com:0',
      'https://cdn.example.com:65536',
      'https://-bad.example.com',
    ];
    expect(good.filter((url) => !isConsoleOrigin(url))).toEqual([]);
    expect(bad.filter((url) => isConsoleOrigin(url))).toEqual([]);
  });
});
