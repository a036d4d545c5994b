import type { LocalizedMessages } from './types';

/**
 * Human names of request fields, so a validation error names the field in the user's language.
 * Keyed `field.<name>` by the last path segment of the offending value; add entries as
 * schemas grow. A missing entry falls back to the raw field name.
 */
export const fieldMessages = {
  'field.username': { cn: '用户名', en: 'Username' },
  'field.password': { cn: '密码', en: 'Password' },
  'field.oldPassword': { cn: '原密码', en: 'Old password' },
  'field.newPassword': { cn: '新密码', en: 'New password' },
  'field.confirmPassword': { cn: '确认密码', en: 'Confirm password' },
  'field.captcha': { cn: '验证码', en: 'Captcha' },
  'field.uuid': { cn: '验证码标识', en: 'Captcha id' },
  'field.code': { cn: '验证码', en: 'Verification code' },
  'field.mail': { cn: '邮箱', en: 'E-mail' },
  'field.email': { cn: '邮箱', en: 'E-mail' },
  'field.mobile': { cn: '手机号', en: 'Mobile number' },
  'field.title': { cn: '标题', en: 'Title' },
  'field.content': { cn: '内容', en: 'Content' },
  'field.id': { cn: 'ID', en: 'ID' },
  'field.ids': { cn: 'ID 列表', en: 'IDs' },
  'field.page': { cn: '页码', en: 'Page' },
  'field.limit': { cn: '每页条数', en: 'Page size' },
  'field.paramKey': { cn: '参数键', en: 'Parameter key' },
  'field.paramValue': { cn: '参数值', en: 'Parameter value' },
  'field.remark': { cn: '备注', en: 'Remark' },
  'field.status': { cn: '状态', en: 'Status' },
  'field.host': { cn: 'SMTP 服务器', en: 'SMTP server' },
  'field.port': { cn: '端口', en: 'Port' },
} as const satisfies LocalizedMessages;
