import {
  STREAM_LIMITS,
  streamSaveRequestSchema,
  type BalanceMode,
  type StreamRule,
  type StreamSaveRequest,
} from '@nimbus/contract';
import { parseWith, type Parsed } from '@/shared/forms/form-issues';

export type StreamProtocol = StreamRule['protocol'];
export type OriginRole = StreamRule['origins'][number]['role'];
/** Typed ports arrive as text; the contract's port rule accepts digits and sends numbers. */
export type PortValue = number | string;

export interface StreamOriginRow {
  address: string;
  port: PortValue;
  weight: number | null;
  role: OriginRole;
}

export interface StreamFormValues {
  name: string;
  protocol: StreamProtocol;
  listenPort: PortValue;
  balance: BalanceMode;
  origins: StreamOriginRow[];
  connectTimeoutSeconds: number | null;
  enabled: boolean;
}

/** Spec §9: weight 1 to 100 (default 1); the connect timeout 1 to 300 s (default 30). */
export const STREAM_NUMBER_RANGES = {
  weight: { min: 1, max: 100 },
  connectTimeoutSeconds: { min: 1, max: STREAM_LIMITS.connectTimeoutMax },
} as const;

export const newStreamOrigin = (role: OriginRole = 'main'): StreamOriginRow => ({
  address: '',
  port: '',
  weight: 1,
  role,
});

export function emptyStreamForm(): StreamFormValues {
  return {
    name: '',
    protocol: 'tcp',
    listenPort: '',
    balance: 'round_robin',
    origins: [newStreamOrigin()],
    connectTimeoutSeconds: STREAM_LIMITS.connectTimeoutDefault,
    enabled: true,
  };
}

/** A saved rule as the edit form's values. */
export function streamFormOf(rule: StreamRule): StreamFormValues {
  return {
    name: rule.name,
    protocol: rule.protocol,
    listenPort: String(rule.listenPort),
    balance: rule.balance,
    origins: rule.origins.map((o) => ({ ...o, port: String(o.port) })),
    connectTimeoutSeconds: rule.connectTimeoutSeconds,
    enabled: rule.enabled,
  };
}

/**
 * The save request as the server will read it (trimmed, defaults filled), or the contract's issues.
 * An emptied number input counts as its minimum (spec §5), as the input itself shows on leaving.
 */
export function streamSaveBody(values: StreamFormValues, id?: number): Parsed<StreamSaveRequest> {
  const { weight, connectTimeoutSeconds } = STREAM_NUMBER_RANGES;
  return parseWith<StreamSaveRequest>(streamSaveRequestSchema, {
    ...values,
    ...(id === undefined ? {} : { id }),
    connectTimeoutSeconds: values.connectTimeoutSeconds ?? connectTimeoutSeconds.min,
    origins: (values.origins ?? []).map((o) => ({ ...o, weight: o.weight ?? weight.min })),
  });
}

/** Where a customer connects: each node address with the rule's port (IPv6 in brackets). */
export function connectAddresses(rule: Pick<StreamRule, 'nodeAddresses' | 'listenPort'>): string[] {
  return rule.nodeAddresses.map((ip) => (ip.includes(':') ? `[${ip}]` : ip) + `:${rule.listenPort}`);
}

/** A rule's name for questions about it: its own name, else protocol and port. */
export function ruleLabel(rule: Pick<StreamRule, 'name' | 'protocol' | 'listenPort'>): string {
  return rule.name || `${rule.protocol.toUpperCase()} ${rule.listenPort}`;
}

/** One origin as `host:port` (IPv6 in brackets). */
export function originText(origin: { address: string; port: number }): string {
  return `${origin.address.includes(':') ? `[${origin.address}]` : origin.address}:${origin.port}`;
}

/** Some visible rule is still being sent to its nodes: the list keeps asking until it settles. */
export function hasPendingRules(rules: readonly StreamRule[]): boolean {
  return rules.some((rule) => rule.config.pending > 0);
}

export const PENDING_REFETCH_MS = 2_000;
