import type { Lang } from '@nimbus/contract';
import type { FastifyRequest } from 'fastify';
import { requestLang } from './request-lang';

/** What services need to know about the request, without depending on Fastify. */
export interface Caller {
  ip: string;
  userAgent: string | undefined;
  lang: Lang;
}

export function callerOf(request: FastifyRequest): Caller {
  return { ip: request.ip, userAgent: request.headers['user-agent'], lang: requestLang(request) };
}
