import type { LocalizedMessages } from './types';

export const commonMessages = {
  // generic envelope answers
  'common.ok': { cn: '操作成功', en: 'Operation successful' },
  'common.saved': { cn: '保存成功', en: 'Saved successfully' },
  'common.deleted': { cn: '删除成功', en: 'Deleted successfully' },
  'common.badRequest': { cn: '提交的信息有误', en: 'Wrong information sent' },
  'common.unauthorized': { cn: '登录已过期，需要重新登录', en: 'Login expired, you need to log in again' },
  'common.forbidden': { cn: '没有权限执行此操作', en: 'You are not allowed to do this' },
  'common.notFound': { cn: '资源不存在', en: 'Resource not found' },
  'common.tooManyRequests': {
    cn: '操作过于频繁，请稍后再试',
    en: 'Too many attempts, please try again later',
  },
  'common.serverError': { cn: '服务器错误，请稍后再试', en: 'Server error, please try again later' },
  'common.routeNotFound': { cn: '接口不存在', en: 'No such API' },
  'common.payloadTooLarge': { cn: '提交的内容过大', en: 'The request is too large' },
  'common.malformedJson': { cn: '请求内容不是合法的 JSON', en: 'The request body is not valid JSON' },
  'common.emptyJsonBody': { cn: '请求内容为空', en: 'The request body is empty' },
  'common.unsupportedMediaType': {
    cn: '不支持的请求内容类型，请以 JSON 提交',
    en: 'Unsupported content type: send the request body as JSON',
  },
  'common.badUrl': { cn: '请求地址格式错误', en: 'The request address is not valid' },
  'common.requestRejected': {
    cn: '请求无法处理（HTTP {status}）',
    en: 'The request could not be processed (HTTP {status})',
  },
} as const satisfies LocalizedMessages;
