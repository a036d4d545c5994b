import { describe, expect, it } from 'vitest';
import { nginxErrorLine, parseActiveConnections, parseNginxVersion } from './nginx-output';

describe('nginxErrorLine', () => {
  it('turns a logged emerg line into nginx’s own spelling', () => {
    const output = [
      '2026/01/02 03:04:05 [emerg] 7955#7955: host not found in upstream "x.invalid" in /d/versions/v3/sites/3.conf:5',
      'nginx: configuration file /d/nginx.conf.next test failed',
    ].join('\n');
    expect(nginxErrorLine(output)).toBe(
      'nginx: [emerg] host not found in upstream "x.invalid" in /d/versions/v3/sites/3.conf:5',
    );
  });

  it('keeps the prefixed spelling and prefers the most severe line over log-file noise', () => {
    const output = [
      'nginx: [alert] could not open error log file: open() "/var/log/nginx/error.log" failed (13: Permission denied)',
      'nginx: [warn] the "user" directive makes sense only if the master process runs with super-user privileges',
      'nginx: [emerg] unknown directive "bogus" in /d/versions/v4/http.conf:1',
      'nginx: configuration file /d/nginx.conf.next test failed',
    ].join('\n');
    expect(nginxErrorLine(output)).toBe(
      'nginx: [emerg] unknown directive "bogus" in /d/versions/v4/http.conf:1',
    );
  });

  it('takes the first of several emerg lines (the cause, not the aftermath)', () => {
    const output = 'nginx: [emerg] bind() to 1.2.3.4:80 failed (99)\nnginx: [emerg] still could not bind()\n';
    expect(nginxErrorLine(output)).toBe('nginx: [emerg] bind() to 1.2.3.4:80 failed (99)');
  });

  it('falls back to the last meaningful line, never to nothing', () => {
    expect(nginxErrorLine('spawn /usr/sbin/nginx ENOENT\n')).toBe('spawn /usr/sbin/nginx ENOENT');
    expect(nginxErrorLine('')).toBe('nginx failed without a message');
  });
});

describe('nginx -v and stub_status', () => {
  it('reads the version and the active connections', () => {
    expect(parseNginxVersion('nginx version: nginx/1.22.1\n')).toBe('1.22.1');
    expect(parseNginxVersion('')).toBe('unknown');
    const status =
      'Active connections: 7 \nserver accepts handled requests\n 6 6 6 \nReading: 0 Writing: 1 Waiting: 0 \n';
    expect(parseActiveConnections(status)).toBe(7);
    expect(parseActiveConnections('<html>404</html>')).toBe(0);
  });
});
