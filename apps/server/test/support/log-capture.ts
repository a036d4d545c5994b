import Fastify from 'fastify';
import { loggerOptions } from '../../src/platform/logger';

export type LogLine = Record<string, unknown> & { msg?: string };

/** The server's JSON log lines, kept in memory: a stream for startTestServer and a logger of the same options. */
export function logCapture() {
  const lines: LogLine[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
  return { stream, lines, log: Fastify({ logger: loggerOptions('info', stream) }).log };
}
