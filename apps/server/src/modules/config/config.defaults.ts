import {
  ACCOUNT_LIMITS,
  CONFIG_IDS,
  WEB_CONFIG_DEFAULTS,
  WEB_CONFIG_SECTIONS,
  type SmsTemplateKind,
} from '@nimbus/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { sysConfig } from './config.schema';

interface DefaultRow {
  id: number;
  paramKey: string;
  value: unknown;
  remark: string;
  status: number;
}

/** What the code template promises is what the server does: codes live codeTtlSeconds. */
const CODE_TTL_MINUTES = Math.round(ACCOUNT_LIMITS.codeTtlSeconds / 60);

export const SMS_TEMPLATE_TEXTS: Record<SmsTemplateKind, { title: string; content: string }> = {
  code: { title: '验证码', content: `您的验证码是{code}，${CODE_TTL_MINUTES}分钟内有效，请勿泄露。` },
  meal_out: { title: '套餐已到期', content: '您的套餐已到期，请及时续费以免影响使用。' },
  meal_expire: { title: '套餐即将到期', content: '您的套餐即将到期，请及时续费。' },
  flow_out: { title: '流量已用完', content: '您的套餐流量已用完，请及时购买流量包。' },
  flow_expire: { title: '流量即将用完', content: '您的套餐流量即将用完，请及时购买流量包。' },
  work_order: { title: '工单回复', content: '您的工单{number}有新的回复，请登录控制台查看。' },
  node_check: { title: '节点监控通知', content: 'CDN节点{name}（{ip}）{event}，请及时处理。' },
};

function smsTemplates() {
  return Object.fromEntries(
    Object.entries(SMS_TEMPLATE_TEXTS).map(([kind, text]) => [
      kind,
      { name: kind, title: text.title, id: '', status: 1, content: text.content },
    ]),
  );
}

const tencentLike = () => ({
  sdkappId: '',
  secretid: '',
  secretkey: '',
  signname: '',
  templateIds: smsTemplates(),
});

const mailTemplates = {
  code: {
    subject: '验证码 / Verification code',
    content: '您的验证码是 {code}，请勿泄露。\nYour verification code is {code}. Do not share it.',
  },
  meal_out: { subject: '', content: '' },
  meal_expire: { subject: '', content: '' },
  flow_out: { subject: '', content: '' },
  flow_expire: { subject: '', content: '' },
};

/** Spec §3 feature switches other than the SMS and mail providers: off, nothing configured. */
const OTHER_SWITCHES: { id: number; paramKey: string; remark: string }[] = [
  { id: 11, paramKey: 'WXLOGIN_CONFIG_KEY', remark: 'WeChat login' },
  { id: 12, paramKey: 'TENCENTUSERCERTIFY_CONFIG_KEY', remark: 'Tencent real-name verification' },
  { id: 13, paramKey: 'ALIPAYUSERCERTIFY_CONFIG_KEY', remark: 'Alipay real-name verification' },
  { id: 14, paramKey: 'WXPAY_CONFIG_KEY', remark: 'WeChat Pay' },
  { id: 15, paramKey: 'ALIPAY_CONFIG_KEY', remark: 'Alipay' },
  { id: 16, paramKey: 'STRIPE_PAY_CONF', remark: 'Stripe' },
  { id: 17, paramKey: 'TOKEN_PAY_CONF', remark: 'Crypto payment' },
  { id: 18, paramKey: 'CCCYUN_PAY_CONF', remark: 'Aggregated easy-pay' },
  { id: 19, paramKey: 'ALLINPAY_PAY_CONF', remark: 'Allinpay' },
];

const WEB_SECTION_REMARKS: Record<(typeof WEB_CONFIG_SECTIONS)[number], string> = {
  basic: 'Web config: basic',
  power: 'Web config: permissions',
  seo: 'Web config: SEO',
  contact: 'Web config: contact',
  dns_rewrite: 'Web config: DNS rewrite',
  otherSite: 'Web config: other site',
  price: 'Web config: price unit',
  custom: 'Web config: custom flags',
};

/** Every row an empty database starts with; ids fixed (the spec fixes 26, 37, 45, 46). */
export const DEFAULT_CONFIG_ROWS: readonly DefaultRow[] = [
  ...WEB_CONFIG_SECTIONS.map((section, index) => ({
    id: index + 1,
    paramKey: section,
    value: WEB_CONFIG_DEFAULTS[section],
    remark: WEB_SECTION_REMARKS[section],
    status: 1,
  })),
  {
    id: 10,
    paramKey: 'MAIL_CONFIG_KEY',
    value: {
      protocol: 'smtp',
      host: '',
      username: '',
      password: '',
      port: 465,
      secure: true,
      templates: mailTemplates,
    },
    remark: 'E-mail (SMTP)',
    status: 0,
  },
  ...OTHER_SWITCHES.map((row) => ({ ...row, value: {}, status: 0 })),
  {
    id: CONFIG_IDS.SMS_CONFIG_KEY,
    paramKey: 'SMS_CONFIG_KEY',
    value: tencentLike(),
    remark: 'Tencent Cloud SMS',
    status: 0,
  },
  {
    id: CONFIG_IDS.CDN_NODECHECK_KEY,
    paramKey: 'CDN_NODECHECK_KEY',
    value: {
      DnsDispatchMode: 'online',
      ModeTimingFrequency: 60,
      checkNodePortList: '80|443',
      checkNodeFrequency: 10,
      failPercent: 80,
      mailNotice: '',
      mailNoticeStatus: 0,
      smsNotice: '',
      smsNoticeStatus: 0,
    },
    remark: 'Node check',
    status: 1,
  },
  {
    id: CONFIG_IDS.ALIYUN_SMS_CONFIG_KEY,
    paramKey: 'ALIYUN_SMS_CONFIG_KEY',
    value: tencentLike(),
    remark: 'Aliyun SMS',
    status: 0,
  },
  {
    id: CONFIG_IDS.SMS_BAO,
    paramKey: 'SMS_BAO',
    value: {
      api_addr: 'https://api.smsbao.com',
      username: '',
      api_key: '',
      signname: '',
      templateIds: smsTemplates(),
    },
    remark: 'SMSBao',
    status: 0,
  },
];

/** Keys the system relies on: they cannot be deleted or renamed. */
export const BUILTIN_CONFIG_KEYS: ReadonlySet<string> = new Set(
  DEFAULT_CONFIG_ROWS.map((row) => row.paramKey),
);

/** Inserts the defaults (inside the seeding transaction); rows already there are left alone. */
export async function seedDefaultConfig(db: DbOrTx): Promise<void> {
  await db
    .insert(sysConfig)
    .values(DEFAULT_CONFIG_ROWS.map(({ value, ...row }) => ({ ...row, paramValue: JSON.stringify(value) })))
    .onConflictDoNothing();
  // Explicit ids do not move the sequence: continue after the highest one.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('sys_config', 'id'), (select max(id) from sys_config))`,
  );
}
