import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EDGE_MANIFEST_FILE, type EdgeUpstream } from '@nimbus/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { UNUSABLE_SERVER, upstreamFile, writeUpstreams, type Resolve } from './upstreams';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

const server = (address: string, backup = false) => ({ address, port: 8080, weight: 2, backup });
const upstream = (...servers: EdgeUpstream['servers']): EdgeUpstream => ({
  file: 'upstreams/site_1_http.conf',
  servers,
});

describe('upstream files', () => {
  it('writes the usable answers of each name and IP literal, drops refused ranges unless allowed', () => {
    const answers = new Map([
      ['origin.test', ['203.0.113.9', '198.51.100.7', '127.0.0.1', '169.254.169.254', '2001:4860::8']],
      ['private.test', ['10.0.0.5']],
      ['93.184.216.34', ['93.184.216.34']],
      ['::ffff:127.0.0.1', ['::ffff:127.0.0.1']],
    ]);
    const up = upstream(
      server('origin.test'),
      server('private.test', true),
      server('93.184.216.34'),
      server('::ffff:127.0.0.1'),
    );
    expect(upstreamFile(up, answers, [])).toMatchInlineSnapshot(`
      "# origin.test: 127.0.0.1 not used (loopback)
      # origin.test: 169.254.169.254 not used (linkLocal)
      # origin.test: 198.51.100.7 not used (reserved)
      server [2001:4860::8]:8080 weight=2;
      # origin.test: 203.0.113.9 not used (reserved)
      # private.test: 10.0.0.5 not used (private)
      server 93.184.216.34:8080 weight=2;
      # ::ffff:127.0.0.1: ::ffff:127.0.0.1 not used (loopback)
      "
    `);
    // The allow-list lets the private backup and loopback through, and nothing else.
    const allowed = upstreamFile(up, answers, ['10.0.0.0/8', '127.0.0.0/8']);
    expect(allowed).toContain('server 10.0.0.5:8080 weight=2 backup;');
    expect(allowed).toContain('server 127.0.0.1:8080 weight=2;');
    expect(allowed).toContain('server [::ffff:127.0.0.1]:8080 weight=2;');
    expect(allowed).not.toContain('169.254.169.254:');
  });

  it('writes the passive health check on every server line when the manifest gives one', () => {
    const answers = new Map([
      ['10.0.0.1', ['10.0.0.1']],
      ['10.0.0.2', ['10.0.0.2']],
    ]);
    const up = { ...upstream(server('10.0.0.1'), server('10.0.0.2', true)), maxFails: 3, failTimeout: 20 };
    expect(upstreamFile(up, answers, ['10.0.0.0/8'])).toBe(
      'server 10.0.0.1:8080 weight=2 max_fails=3 fail_timeout=20s;\n' +
        'server 10.0.0.2:8080 weight=2 max_fails=3 fail_timeout=20s backup;\n',
    );
  });

  it('stands in a server that never connects when no main address is usable', () => {
    const answers = new Map([
      ['gone.test', []],
      ['meta.test', ['169.254.169.254']],
      ['backup.test', ['93.184.216.34']],
    ]);
    const none = upstreamFile(upstream(server('gone.test'), server('meta.test')), answers, []);
    expect(none).toBe(
      `# gone.test: no address\n# meta.test: 169.254.169.254 not used (linkLocal)\n${UNUSABLE_SERVER}\n`,
    );
    expect(UNUSABLE_SERVER).toMatch(/^server 192\.0\.2\.1:\d+ down;$/);
    // A backup still serves when every main origin is unusable.
    const backup = upstreamFile(upstream(server('gone.test'), server('backup.test', true)), answers, []);
    expect(backup).toBe(
      `# gone.test: no address\nserver 93.184.216.34:8080 weight=2 backup;\n${UNUSABLE_SERVER}\n`,
    );
    // A resolver answering something that is not an address never writes it into the config.
    const odd = upstreamFile(upstream(server('odd.test')), new Map([['odd.test', ['1.2.3.4; }']]]), []);
    expect(odd).toBe(`# odd.test: no address\n${UNUSABLE_SERVER}\n`);
    // Nor a name that would end the comment it is quoted in.
    const forged = upstreamFile(upstream(server('a.test\nserver 127.0.0.1:22;')), new Map(), []);
    expect(forged).toBe(`# origin: no address\n${UNUSABLE_SERVER}\n`);
  });

  it('resolves each name once, writes the files, and says changed only when an answer set changed', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-upstreams-'));
    dirs.push(dir);
    const manifest = {
      items: [],
      allowRanges: [],
      upstreams: [
        upstream(server('origin.test')),
        { file: 'upstreams/site_1_https.conf', servers: [{ ...server('origin.test'), port: 8443 }] },
      ],
    };
    await fs.writeFile(path.join(dir, EDGE_MANIFEST_FILE), JSON.stringify(manifest));
    let answer = ['93.184.216.34', '93.184.216.35'];
    const asked: string[] = [];
    const resolve: Resolve = async (name) => {
      asked.push(name);
      return answer;
    };
    expect(await writeUpstreams(dir, resolve)).toBe(true);
    expect(asked).toEqual(['origin.test']);
    expect(await fs.readFile(path.join(dir, 'upstreams/site_1_https.conf'), 'utf8')).toBe(
      'server 93.184.216.34:8443 weight=2;\nserver 93.184.216.35:8443 weight=2;\n',
    );
    answer = ['93.184.216.35', '93.184.216.34'];
    expect(await writeUpstreams(dir, resolve)).toBe(false);
    answer = ['127.0.0.1'];
    expect(await writeUpstreams(dir, resolve)).toBe(true);
    expect(await fs.readFile(path.join(dir, 'upstreams/site_1_http.conf'), 'utf8')).toBe(
      `# origin.test: 127.0.0.1 not used (loopback)\n${UNUSABLE_SERVER}\n`,
    );
  });

  it('never writes outside the version dir, whatever the manifest says', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-upstreams-'));
    dirs.push(dir);
    const manifest = { items: [], upstreams: [{ file: '../evil.conf', servers: [server('1.1.1.1')] }] };
    await fs.writeFile(path.join(dir, EDGE_MANIFEST_FILE), JSON.stringify(manifest));
    await expect(writeUpstreams(dir, async () => [])).rejects.toThrow(/outside the bundle/);
  });
});
