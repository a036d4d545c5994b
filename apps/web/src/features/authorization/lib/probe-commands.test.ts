import { describe, expect, it } from 'vitest';
import { maskKey, probeCommands, shellQuote } from '@/features/authorization/lib/probe-commands';

const urls = {
  importUrl: 'https://cdn.example.com/api/edge/v1/probe/nodes',
  reportUrl: 'https://cdn.example.com/api/edge/v1/probe/report',
};

describe('probe commands', () => {
  it('carries the key and the server’s URLs, each quoted as one word', () => {
    expect(probeCommands(urls, 'probe_abc')).toEqual({
      importNodes:
        "curl -fsS -H 'authorization: Bearer probe_abc' 'https://cdn.example.com/api/edge/v1/probe/nodes'",
      report: [
        "curl -fsS -X POST -H 'authorization: Bearer probe_abc' -H 'content-type: application/json' \\",
        `  -d '{"probe":"probe-1","results":[]}' 'https://cdn.example.com/api/edge/v1/probe/report'`,
      ].join('\n'),
    });
  });

  it('has no command without the public URL', () => {
    expect(probeCommands({ importUrl: '', reportUrl: '' }, 'probe_abc')).toBeUndefined();
  });

  it('quotes a quote and masks all but the start of a key', () => {
    expect(shellQuote("a'b")).toBe(`'a'\\''b'`);
    expect(maskKey('probe_0123456789abcdef')).toBe(`probe_0123${'•'.repeat(16)}`);
    expect(maskKey('')).toBe('');
  });
});
