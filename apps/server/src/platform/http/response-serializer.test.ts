import { envelopeSchema, menuNavResponseSchema, userInfoSchema } from '@nimbus/contract';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { responseSerializerCompiler } from './response-serializer';

const USER = {
  createTime: '2026-11-22T08:15:52.312Z',
  userId: 1,
  username: 'demo',
  mail: null,
  mobile: '13800000000',
  googleAuthStatus: false,
  note: '',
  propertyBalance: 0,
  propertyScore: 0,
  realnameStatus: 2,
  realnameCertificateid: null,
  realnameCertificatetype: null,
  realnameName: null,
  unvalidModel: ['/cdn/order'],
  whiteIpStatus: false,
  userModuleVo: { maxForceUrl: 0 },
  wechat: null,
};

const writer = (schema: ZodType, validate: boolean) =>
  responseSerializerCompiler({ validate })({ schema, method: 'GET', url: '/api/test', httpStatus: '200' });

describe.each([false, true])('responseSerializerCompiler (validate: %s)', (validate) => {
  it('writes exactly what zod would, and never a property the schema does not declare', () => {
    const write = writer(envelopeSchema(userInfoSchema), validate);
    const answer = {
      code: 1,
      msg: 'ok',
      data: { ...USER, passwordHash: '$argon2id$…', googleAuthSecret: 'JBSW' },
    };
    const written = write(answer);
    expect(JSON.parse(written)).toEqual({ code: 1, msg: 'ok', data: USER });
    expect(written).not.toContain('argon2');
    expect(written).not.toContain('JBSW');
  });

  it('fills output defaults the way zod does', () => {
    const write = writer(envelopeSchema(menuNavResponseSchema), validate);
    const node = {
      id: 'a',
      parentId: null,
      type: 1,
      path: '/cdn/x',
      component: 'x',
      meta: { title: 'menu.x' },
    };
    expect(JSON.parse(write({ code: 1, msg: 'ok', data: { list: [node] } })).data.list[0].meta).toEqual({
      title: 'menu.x',
      hidden: false,
      available: true,
    });
  });
});

it('with validate, an answer that breaks its contract fails instead of being coerced', () => {
  const write = writer(envelopeSchema(userInfoSchema), true);
  expect(() => write({ code: 1, msg: 'ok', data: { ...USER, userId: 'one' } })).toThrow(
    ResponseSerializationError,
  );
});
