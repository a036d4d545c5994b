import type { LocalizedMessages } from './types';

/** Spec §5 generic validators' messages. */
export const validationMessages = {
  'validation.required': { cn: '{field}不能为空', en: '{field} cannot be empty' },
  'validation.invalid': { cn: '{field}格式错误', en: '{field} is invalid' },
  'validation.tooShort': { cn: '{field}至少 {min} 个字符', en: '{field} must be at least {min} characters' },
  'validation.tooLong': { cn: '{field}最多 {max} 个字符', en: '{field} must be at most {max} characters' },
  'validation.tooSmall': { cn: '{field}不能小于 {min}', en: '{field} must be at least {min}' },
  'validation.tooBig': { cn: '{field}不能大于 {max}', en: '{field} must be at most {max}' },
  'validation.domain': { cn: '域名格式错误', en: 'Domain format error' },
  'validation.ip': { cn: 'IP格式错误', en: 'IP format error' },
  'validation.port': { cn: '端口格式错误（1~65535）', en: 'Port format error (1~65535)' },
  'validation.url': { cn: 'URL格式错误', en: 'URL format error' },
  'validation.mobile': { cn: '手机号格式错误', en: 'Mobile number format error' },
  'validation.email': { cn: '邮箱格式错误', en: 'E-mail format error' },
  'validation.password': {
    cn: '密码长度为 4-32 位，且不能包含中文',
    en: 'Password must be 4-32 characters without Chinese',
  },
  'validation.username': {
    cn: '用户名为 4-32 位字母、数字或 . _ -，不能含 @，也不能全为数字',
    en: 'Username must be 4-32 letters, digits or . _ -, without @ and not only digits',
  },
  'validation.idCard': { cn: '身份证号格式错误', en: 'ID card number format error' },
  'validation.domainList': {
    cn: '域名格式错误或重复：{value}',
    en: 'Domain format error or duplicate: {value}',
  },
  'validation.ipList': { cn: 'IP格式错误或重复：{value}', en: 'IP format error or duplicate: {value}' },
  'validation.passwordMismatch': { cn: '两次输入的密码不一致', en: 'The passwords do not match' },
  'validation.passwordLength': {
    cn: '密码长度为 4-30 位，且不能包含中文',
    en: 'Password must be 4-30 characters without Chinese',
  },
} as const satisfies LocalizedMessages;
