import { ResultCode, type MessageKey } from '@nimbus/contract';

/**
 * Success envelope. `msg` is a catalogue key, translated into the request's language when the
 * reply is serialised. Extra fields sit beside `code` where the spec puts them there (token…).
 */
export function ok<T>(data?: T, msg: MessageKey = 'common.ok') {
  return { code: ResultCode.ok, msg, data } as { code: number; msg: string; data: T };
}

export function okWith<E extends Record<string, unknown>>(extra: E, msg: MessageKey = 'common.ok') {
  return { code: ResultCode.ok, msg, ...extra } as { code: number; msg: string } & E;
}
