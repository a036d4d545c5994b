import { LANG_HEADER, parseLang, type Lang } from '@nimbus/contract';
import type { FastifyRequest } from 'fastify';

/** The web sends `lang: cn|en`; API clients may send Accept-Language instead. */
export function requestLang(request: FastifyRequest): Lang {
  const explicit = request.headers[LANG_HEADER];
  if (typeof explicit === 'string' && explicit) return parseLang(explicit);
  return parseLang(request.headers['accept-language']?.split(',')[0]);
}
