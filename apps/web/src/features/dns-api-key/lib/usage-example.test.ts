import { describe, expect, it } from 'vitest';
import { curlExample } from './usage-example';

describe('curlExample', () => {
  it('lists the zones at this console’s API root with the key as a bearer token', () => {
    expect(curlExample('https://console.example.com', 'nmb_KEY')).toBe(
      [
        "curl -X POST 'https://console.example.com/api/app/dns/zone/list' \\",
        "  -H 'Authorization: Bearer nmb_KEY' \\",
        "  -H 'Content-Type: application/json' \\",
        `  -d '{"page":1,"limit":10}'`,
      ].join('\n'),
    );
  });
});
