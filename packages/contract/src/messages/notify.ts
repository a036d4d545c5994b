import type { LocalizedMessages } from './types';

/** E-mail and SMS settings, test sending and verification-code delivery (spec §3, §5, §7). */
export const notifyMessages = {
  // shared
  'notify.tooLong': { cn: '{field}过长', en: '{field} is too long' },
  'notify.invalidField': { cn: '配置项 {name} 格式错误', en: 'The setting {name} is invalid' },
  'notify.mailNotConfigured': {
    cn: '邮件发送未配置，请联系管理员',
    en: 'E-mail sending is not configured, contact the administrator',
  },
  'notify.smsNotConfigured': {
    cn: '短信发送未配置，请联系管理员',
    en: 'SMS sending is not configured, contact the administrator',
  },

  // e-mail settings (spec §5 "E-mail")
  'mail.hostRequired': { cn: 'SMTP 服务器不能为空', en: 'SMTP server cannot be empty' },
  'mail.usernameRequired': { cn: '发件人邮箱不能为空', en: 'Sender mailbox cannot be empty' },
  'mail.passwordRequired': { cn: '授权密码不能为空', en: 'Authorization password cannot be empty' },
  'mail.portRequired': { cn: '端口不能为空', en: 'Port cannot be empty' },
  'mail.protocolInvalid': { cn: '仅支持 SMTP 协议', en: 'Only the SMTP protocol is supported' },
  'mail.templateNeedsCode': {
    cn: '验证码邮件的内容缺少验证码占位符',
    en: 'The verification code e-mail content lacks the code placeholder',
  },
  'mail.preset.qqExmail': { cn: '腾讯企业邮箱', en: 'Tencent enterprise mail' },
  'mail.preset.qqMail': { cn: 'QQ 邮箱', en: 'QQ Mail' },
  'mail.preset.neteaseEnterprise': { cn: '网易企业邮箱', en: 'NetEase enterprise mail' },
  'mail.preset.netease163': { cn: '网易 163 邮箱', en: 'NetEase 163 Mail' },
  'mail.preset.office365': { cn: 'Microsoft 365 / Outlook', en: 'Microsoft 365 / Outlook' },
  'mail.preset.gmail': { cn: 'Gmail', en: 'Gmail' },

  // e-mail test and delivery
  'mail.testToRequired': { cn: '收件邮箱不能为空', en: 'Recipient e-mail cannot be empty' },
  'mail.testSent': { cn: '测试邮件已发送', en: 'Test e-mail sent' },
  'mail.testSubject': { cn: '测试邮件', en: 'Test e-mail' },
  'mail.testContent': {
    cn: '这是一封测试邮件。收到此邮件说明邮件配置可以正常发送。',
    en: 'This is a test e-mail. Receiving it means the e-mail settings can send mail.',
  },
  'mail.notConfigured': {
    cn: '邮件尚未配置，请先填写并保存邮件配置',
    en: 'E-mail is not configured yet: fill in and save the e-mail settings first',
  },
  'mail.codeSubject': { cn: '验证码', en: 'Your verification code' },
  'mail.codeContent': {
    cn: '您的验证码是：{code}。请勿泄露给他人，如非本人操作请忽略此邮件。',
    en: 'Your verification code is {code}. Do not share it; if you did not ask for it, ignore this e-mail.',
  },
  'mail.authFailed': {
    cn: 'SMTP 服务器 {host} 拒绝了发件人邮箱或授权密码',
    en: 'The SMTP server {host} rejected the sender mailbox or authorization password',
  },
  'mail.connectFailed': {
    cn: '无法连接 SMTP 服务器 {host}:{port}',
    en: 'Cannot connect to the SMTP server {host}:{port}',
  },
  'mail.timeout': {
    cn: '连接 SMTP 服务器 {host}:{port} 超时',
    en: 'Connecting to the SMTP server {host}:{port} timed out',
  },
  'mail.tlsFailed': {
    cn: '与 SMTP 服务器 {host}:{port} 建立 TLS 失败，请检查端口与 TLS 设置',
    en: 'TLS with the SMTP server {host}:{port} failed: check the port and the TLS setting',
  },
  'mail.recipientRejected': {
    cn: 'SMTP 服务器拒绝了收件人：{reason}',
    en: 'The SMTP server refused the recipient: {reason}',
  },
  'mail.sendFailed': { cn: '邮件发送失败：{reason}', en: 'Sending the e-mail failed: {reason}' },

  // SMS settings (spec §5 "SMS")
  'sms.provider.tencent': { cn: '腾讯云短信', en: 'Tencent Cloud SMS' },
  'sms.provider.aliyun': { cn: '阿里云短信', en: 'Aliyun SMS' },
  'sms.provider.smsbao': { cn: '短信宝', en: 'SMSBao' },
  'sms.providerRequired': { cn: '请选择短信服务商', en: 'Please choose the SMS provider' },
  'sms.sdkAppIdRequired': { cn: 'sdkAppId 不能为空', en: 'sdkAppId cannot be empty' },
  'sms.secretIdRequired': { cn: 'secretId 不能为空', en: 'secretId cannot be empty' },
  'sms.secretKeyRequired': { cn: 'secretKey 不能为空', en: 'secretKey cannot be empty' },
  'sms.signNameRequired': { cn: '短信签名不能为空', en: 'SMS signature cannot be empty' },
  'sms.apiAddrRequired': { cn: '请输入 API ADDR', en: 'Please enter API ADDR' },
  'sms.usernameRequired': { cn: '请输入用户名', en: 'Please enter the username' },
  'sms.apiKeyRequired': { cn: '请输入 API KEY', en: 'Please enter API KEY' },
  'sms.templateNeedsCode': {
    cn: '短信宝验证码模板的内容缺少验证码占位符',
    en: 'The SMSBao verification code template content lacks the code placeholder',
  },

  // SMS test and delivery
  'sms.testMobileRequired': { cn: '手机号不能为空', en: 'Mobile number cannot be empty' },
  'sms.testSent': { cn: '测试短信已发送', en: 'Test SMS sent' },
  'sms.notConfigured': {
    cn: '该短信服务商尚未配置，请先填写并保存其配置',
    en: 'This SMS provider is not configured yet: fill in and save its settings first',
  },
  'sms.codeTemplateMissing': {
    cn: '短信验证码模板（code）未填写或已停用',
    en: 'The SMS verification code template (code) is not filled in or is off',
  },
  'sms.providerError': {
    cn: '短信服务商返回错误：{code} {message}',
    en: 'The SMS provider answered an error: {code} {message}',
  },
  'sms.connectFailed': {
    cn: '无法连接短信服务商 {endpoint}',
    en: 'Cannot reach the SMS provider at {endpoint}',
  },
  'sms.badAnswer': {
    cn: '短信服务商返回了无法识别的应答（HTTP {status}）',
    en: 'The SMS provider gave an answer that could not be read (HTTP {status})',
  },
  'sms.smsbao.wrongPassword': { cn: '短信宝：密码（API KEY）错误', en: 'SMSBao: wrong password (API KEY)' },
  'sms.smsbao.noAccount': { cn: '短信宝：账号不存在', en: 'SMSBao: the account does not exist' },
  'sms.smsbao.noBalance': { cn: '短信宝：余额不足', en: 'SMSBao: insufficient balance' },
  'sms.smsbao.ipLimited': { cn: '短信宝：IP 地址受限', en: 'SMSBao: this IP address is not allowed' },
  'sms.smsbao.sensitive': {
    cn: '短信宝：内容含有敏感词',
    en: 'SMSBao: the content contains sensitive words',
  },
  'sms.smsbao.badMobile': { cn: '短信宝：手机号码不正确', en: 'SMSBao: wrong mobile number' },
  'sms.smsbao.unknown': { cn: '短信宝返回错误代码 {code}', en: 'SMSBao answered error code {code}' },
} as const satisfies LocalizedMessages;
