import {
  NODE_CHECK_LIMITS,
  nodeCheckConfigSchema,
  type ConfigRecord,
  type ConfigUpdateRequest,
  type NodeCheckConfig,
} from '@nimbus/contract';
import { asText, parseParamValue } from '@/features/system-config/lib/config-value';
import { issueText, type Translate } from '@/shared/forms/zod-rules';

/** The form's values: switches as booleans, the rest as the record keeps them. */
export interface NodeCheckFormValues {
  DnsDispatchMode: NodeCheckConfig['DnsDispatchMode'];
  ModeTimingFrequency: number | null;
  checkNodePortList: string;
  checkNodeFrequency: number | null;
  failPercent: number | null;
  mailNotice: string;
  mailNoticeStatus: boolean;
  smsNotice: string;
  smsNoticeStatus: boolean;
}

const number = (value: unknown, fallback: number) => {
  const parsed = Number(value);
  return Number.isFinite(parsed) && value !== '' && value !== null ? parsed : fallback;
};

/** The record as form values; what is missing starts at spec §9's defaults. */
export function nodeCheckFormFromRecord(record: ConfigRecord): NodeCheckFormValues {
  const value = parseParamValue(record.paramValue);
  const mode = nodeCheckConfigSchema.shape.DnsDispatchMode.safeParse(value.DnsDispatchMode);
  return {
    DnsDispatchMode: mode.success ? mode.data : 'online',
    ModeTimingFrequency: number(value.ModeTimingFrequency, NODE_CHECK_LIMITS.timing.min),
    checkNodePortList: asText(value.checkNodePortList),
    checkNodeFrequency: number(value.checkNodeFrequency, NODE_CHECK_LIMITS.frequency.min),
    failPercent: number(value.failPercent, 80),
    mailNotice: asText(value.mailNotice),
    mailNoticeStatus: Number(value.mailNoticeStatus) === 1,
    smsNotice: asText(value.smsNotice),
    smsNoticeStatus: Number(value.smsNoticeStatus) === 1,
  };
}

/** The values as the record stores them (0/1 switches). */
export function nodeCheckValue(values: NodeCheckFormValues) {
  return {
    DnsDispatchMode: values.DnsDispatchMode,
    ModeTimingFrequency: values.ModeTimingFrequency ?? '',
    checkNodePortList: (values.checkNodePortList ?? '').trim(),
    checkNodeFrequency: values.checkNodeFrequency ?? '',
    failPercent: values.failPercent ?? '',
    mailNotice: (values.mailNotice ?? '').trim(),
    mailNoticeStatus: values.mailNoticeStatus ? 1 : 0,
    smsNotice: (values.smsNotice ?? '').trim(),
    smsNoticeStatus: values.smsNoticeStatus ? 1 : 0,
  };
}

/**
 * The contract's first complaint about `field` when the whole form is checked the way the
 * server checks it (the timed period and the addresses depend on other fields).
 */
export function nodeCheckFieldError(
  values: NodeCheckFormValues,
  field: keyof NodeCheckFormValues,
  t: Translate,
  label: string,
): string | undefined {
  const sent = nodeCheckValue(values);
  const result = nodeCheckConfigSchema.safeParse(sent);
  if (result.success) return undefined;
  const issue = result.error.issues.find((entry) => entry.path[0] === field);
  return issue ? issueText(issue, t, label, sent[field]) : undefined;
}

export function nodeCheckUpdateRequest(
  record: ConfigRecord,
  values: NodeCheckFormValues,
): ConfigUpdateRequest {
  return {
    id: record.id,
    paramKey: record.paramKey,
    remark: record.remark,
    paramValue: JSON.stringify({ ...parseParamValue(record.paramValue), ...nodeCheckValue(values) }),
  };
}
