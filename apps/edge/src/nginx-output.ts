/*
 * Reading what nginx prints. Errors come in two spellings: `nginx: [emerg] …` before its error log
 * is open, and `2024/05/01 12:00:00 [emerg] 123#123: …` once it is. Reports use the first one.
 */
const LEVELS = ['emerg', 'alert', 'crit', 'error'] as const;
const PREFIXED = /^nginx: \[(emerg|alert|crit|error)\] (.*)$/;
const LOGGED = /^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d \[(emerg|alert|crit|error)\] \d+#\d+: (?:\*\d+ )?(.*)$/;

/** Lines that are about nginx's own log file, not about the config being tested. */
const NOISE = /could not open error log file/;

export interface NginxErrorLine {
  level: (typeof LEVELS)[number];
  line: string;
}

export function nginxErrorLines(output: string): NginxErrorLine[] {
  const found: NginxErrorLine[] = [];
  for (const raw of output.split('\n')) {
    const text = raw.trim();
    const match = PREFIXED.exec(text) ?? LOGGED.exec(text);
    if (!match || NOISE.test(text)) continue;
    const level = match[1] as NginxErrorLine['level'];
    found.push({ level, line: `nginx: [${level}] ${match[2]}` });
  }
  return found;
}

/**
 * The one line that says why nginx refused: the most severe, the first of those. Falls back to
 * the last meaningful line so a report never says nothing.
 */
export function nginxErrorLine(output: string): string {
  const lines = nginxErrorLines(output);
  for (const level of LEVELS) {
    const hit = lines.find((l) => l.level === level);
    if (hit) return hit.line;
  }
  const rest = output
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/test failed$|syntax is ok$/.test(l));
  return (rest.at(-1) ?? 'nginx failed without a message').slice(0, 4000);
}

/** `nginx version: nginx/1.22.1` (printed on stderr by `nginx -v`) → `1.22.1`. */
export function parseNginxVersion(output: string): string {
  return /nginx\/(\S+)/.exec(output)?.[1] ?? 'unknown';
}

/** stub_status's first line: `Active connections: 3`. */
export function parseActiveConnections(status: string): number {
  const match = /Active connections:\s*(\d+)/.exec(status);
  return match ? Number(match[1]) : 0;
}
