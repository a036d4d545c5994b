import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../envelope';
import { zPort } from '../validators';
import { STREAM_BALANCE_MODES, isOriginAddress, ORIGIN_ROLES, siteConfigStateSchema } from './site';

/*
 * Layer-4 forwarding (spec §2 stream, §3 origin site, §9 TCP connect timeout). Customer token;
 * another customer's rule answers 404. Rendered into nginx `stream {}` on the nodes of the
 * rule's node group; a listening port is unique per node group.
 *
 *   POST app/stream/list    StreamListRequest → Page<StreamRule>
 *   POST app/stream/save    StreamSaveRequest (no id → create) → StreamRule
 *   POST app/stream/status  { ids, action: enable | disable | delete } → { changed }
 */
export const STREAM_PATHS = {
  list: 'app/stream/list',
  save: 'app/stream/save',
  status: 'app/stream/status',
} as const;

export const STREAM_PROTOCOLS = ['tcp', 'udp'] as const;
/** Spec §9: TCP connect timeout default 30 s, maximum 300 s. */
export const STREAM_LIMITS = { connectTimeoutDefault: 30, connectTimeoutMax: 300, origins: 20 } as const;

export const streamOriginSchema = z.object({
  address: z
    .string({ message: 'validation.required' })
    .trim()
    .toLowerCase()
    .min(1, { message: 'validation.required', abort: true })
    .refine(isOriginAddress, { message: 'site.originAddress' }),
  port: zPort(),
  weight: z.coerce.number().int().min(1).max(100).default(1),
  role: z.enum(ORIGIN_ROLES, { message: 'validation.invalid' }).default('main'),
});

export const streamSaveRequestSchema = z.object({
  id: z.number().int().min(1).optional(),
  name: z.string().trim().max(64).default(''),
  protocol: z.enum(STREAM_PROTOCOLS, { message: 'validation.invalid' }).default('tcp'),
  listenPort: zPort(),
  balance: z.enum(STREAM_BALANCE_MODES, { message: 'validation.invalid' }).default('round_robin'),
  origins: z
    .array(streamOriginSchema)
    .min(1, { message: 'site.originRequired' })
    .max(STREAM_LIMITS.origins)
    .refine((list) => list.some((o) => o.role === 'main'), { message: 'site.originMainRequired' }),
  connectTimeoutSeconds: z.coerce
    .number()
    .int()
    .min(1)
    .max(STREAM_LIMITS.connectTimeoutMax)
    .default(STREAM_LIMITS.connectTimeoutDefault),
  enabled: z.boolean().default(true),
});
export type StreamSaveRequest = z.input<typeof streamSaveRequestSchema>;

export const streamRuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  protocol: z.enum(STREAM_PROTOCOLS),
  listenPort: z.number().int(),
  balance: z.enum(STREAM_BALANCE_MODES),
  origins: z.array(
    z.object({
      address: z.string(),
      port: z.number().int(),
      weight: z.number().int(),
      role: z.enum(ORIGIN_ROLES),
    }),
  ),
  connectTimeoutSeconds: z.number().int(),
  enabled: z.boolean(),
  /** The addresses of the nodes it listens on, for the customer to connect to. */
  nodeAddresses: z.array(z.string()),
  /** How far its latest change has reached the nodes (same rule as a site's). */
  config: siteConfigStateSchema,
  createdAt: z.string(),
});
export type StreamRule = z.infer<typeof streamRuleSchema>;

export const streamListRequestSchema = listQuerySchema.extend({
  /** A port number or part of an origin address. */
  keyword: z.string().trim().max(255).optional(),
});
export type StreamListRequest = z.input<typeof streamListRequestSchema>;
export const streamPageSchema = pageSchema(streamRuleSchema);

export const streamStatusRequestSchema = z.object({
  ids: z.array(z.number().int().min(1)).min(1, { message: 'site.selectSites' }).max(500),
  action: z.enum(['enable', 'disable', 'delete'], { message: 'validation.invalid' }),
});
