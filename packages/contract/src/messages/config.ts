import type { LocalizedMessages } from './types';

/** System config and web config answers. */
export const configMessages = {
  'config.invalidJson': { cn: '{field}必须是合法的 JSON 文本', en: '{field} must be valid JSON text' },
  'config.notObject': { cn: '{field}必须是 JSON 对象', en: '{field} must be a JSON object' },
  'config.paramKeyFormat': {
    cn: '{field}须以字母开头，只能包含字母、数字、_ . -',
    en: '{field} must start with a letter and contain only letters, digits, _ . -',
  },
  'nodeCheck.portList': {
    cn: '{field}格式错误：端口之间用 | 分隔，如 80|443',
    en: '{field}: ports separated by |, for example 80|443',
  },
  'nodeCheck.frequencyStep': {
    cn: '{field}须为 10 秒的整数倍',
    en: '{field} must be a multiple of 10 seconds',
  },
  'nodeCheck.timingPeriod': {
    cn: '{field}须在 60-3600 秒之间，且为 60 秒的整数倍',
    en: '{field} must be 60-3600 seconds, in steps of 60',
  },
  'backup.notABackup': {
    cn: '这不是 Nimbus 的备份文件，或它由另一个密钥加密（需要同一个 NIMBUS_SECRET_KEY / DATA_DIR/secret.key）',
    en: 'This is not a Nimbus backup, or it was sealed with another key (the same NIMBUS_SECRET_KEY or DATA_DIR/secret.key is needed)',
  },
  'backup.schemaMismatch': {
    cn: '备份来自数据库版本 {theirs}，当前为 {ours}：请用生成该备份的 Nimbus 版本恢复',
    en: 'The backup is from database version {theirs}, this Nimbus is at {ours}: restore it with the Nimbus version that made it',
  },
  'backup.damaged': {
    cn: '备份文件已损坏（{reason}），未做任何更改',
    en: 'The backup file is damaged ({reason}); nothing was changed',
  },
  'backup.tooLarge': { cn: '备份文件过大', en: 'The backup file is too large' },
  'config.keyExists': { cn: '参数键 {key} 已存在', en: 'The parameter key {key} already exists' },
  'config.builtinKey': {
    cn: '系统内置参数 {key} 不能删除或改名',
    en: 'The built-in parameter {key} cannot be deleted or renamed',
  },
  'config.secretReentry': {
    cn: '{changed}已修改，请重新输入{secret}',
    en: '{changed} has changed: enter {secret} again',
  },
  'config.statusOn': { cn: '已启用', en: 'Enabled' },
  'config.statusOff': { cn: '已停用', en: 'Disabled' },
  'webConfig.imageRef': {
    cn: '{field}须为以 http(s):// 或 / 开头的图片地址',
    en: '{field} must be an image address starting with http(s):// or /',
  },
  'webConfig.consoleUrl': {
    cn: '{field}须为 http(s)://主机[:端口]，不带路径、参数或账号',
    en: '{field} must be http(s)://host[:port], with no path, query or user name',
  },
  'config.publicUrlMissing': {
    cn: '尚未设置公开控制台地址：请先在 系统 → 网站配置 → 基本设置 中填写（或设置环境变量 NIMBUS_PUBLIC_URL）',
    en: 'The public console URL is not set: fill it in under System → Web configuration → Basic first (or set NIMBUS_PUBLIC_URL)',
  },
  'webConfig.unknownSection': { cn: '网站配置分组不存在', en: 'Unknown web config section' },
  'power.readOnly': {
    cn: '平台当前为只读演示模式，不能新增、修改或删除',
    en: 'The platform is in read-only demo mode: nothing can be added, changed or deleted',
  },
} as const satisfies LocalizedMessages;
