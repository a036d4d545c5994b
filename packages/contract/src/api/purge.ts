import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../envelope';

/*
 * Cache purge and preheat (spec §2 site/cache-clear, §3 cache refresh tasks, §5, §9).
 * Customer token; another customer's task id answers 404.
 *
 *   GET  app/site/cache/quota                 → PurgeQuota (what this minute still allows)
 *   POST app/site/cache/submit  PurgeSubmitRequest → PurgeSubmitted
 *   POST app/site/cache/task/list  PurgeTaskListRequest → Page<PurgeTask>
 *   GET  app/site/cache/task/info?id=          → PurgeTaskDetail (per-node progress)
 */
export const PURGE_PATHS = {
  quota: 'app/site/cache/quota',
  submit: 'app/site/cache/submit',
  taskList: 'app/site/cache/task/list',
  taskInfo: 'app/site/cache/task/info',
} as const;

/**
 * site: whole sites, entries `http(s)://domain/`; url: exact URLs; dir: directories ending
 * with `/`; type: `http(s)://domain/dir/*.ext` (every file of that type under the directory);
 * preheat: URLs fetched through every node so they are cached before visitors ask.
 */
export const PURGE_KINDS = ['site', 'url', 'dir', 'type', 'preheat'] as const;
export type PurgeKind = (typeof PURGE_KINDS)[number];

/**
 * Spec §9: 2 submissions a minute per account for site, URL and directory; at most 200 entries
 * per request for site and URL, 100 for directory. File type and preheat are not in the spec:
 * they get the directory's and the URL's numbers.
 */
export const PURGE_LIMITS: Readonly<Record<PurgeKind, { perMinute: number; maxEntries: number }>> = {
  site: { perMinute: 2, maxEntries: 200 },
  url: { perMinute: 2, maxEntries: 200 },
  dir: { perMinute: 2, maxEntries: 100 },
  type: { perMinute: 2, maxEntries: 100 },
  preheat: { perMinute: 2, maxEntries: 200 },
};

export const purgeQuotaSchema = z.record(
  z.enum(PURGE_KINDS),
  z.object({
    remaining: z.number().int(),
    perMinute: z.number().int(),
    maxEntries: z.number().int(),
    /** Entries a day the plans allow (purges share one quota, preheats have theirs); null: no plan limit. */
    dailyQuota: z.number().int().nullable(),
    dailyUsed: z.number().int(),
  }),
);
export type PurgeQuota = z.infer<typeof purgeQuotaSchema>;

export const purgeSubmitRequestSchema = z.object({
  kind: z.enum(PURGE_KINDS, { message: 'validation.invalid' }),
  /** One entry per line, as typed in the textarea. */
  entries: z.string({ message: 'validation.required' }).max(200_000),
});
export type PurgeSubmitRequest = z.infer<typeof purgeSubmitRequestSchema>;

/** Why an entry was left out of a task (spec §5: duplicates and others' domains are ignored). */
export const PURGE_IGNORED_REASONS = ['duplicate', 'notYours', 'disabled'] as const;
export const purgeIgnoredSchema = z.object({
  entry: z.string(),
  reason: z.enum(PURGE_IGNORED_REASONS),
});
export type PurgeIgnored = z.infer<typeof purgeIgnoredSchema>;

export const PURGE_TASK_STATES = ['running', 'done', 'failed'] as const;
export type PurgeTaskState = (typeof PURGE_TASK_STATES)[number];

export const purgeTaskSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PURGE_KINDS),
  entries: z.array(z.string()),
  ignored: z.array(purgeIgnoredSchema),
  /** running until every node answered; failed when any node failed. */
  state: z.enum(PURGE_TASK_STATES),
  nodeTotal: z.number().int(),
  nodeDone: z.number().int(),
  nodeFailed: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type PurgeTask = z.infer<typeof purgeTaskSchema>;

export const purgeTaskNodeSchema = z.object({
  nodeName: z.string(),
  state: z.enum(['pending', 'done', 'failed']),
  error: z.string(),
  finishedAt: z.string().nullable(),
});
export type PurgeTaskNode = z.infer<typeof purgeTaskNodeSchema>;

export const purgeTaskDetailSchema = purgeTaskSchema.extend({ nodes: z.array(purgeTaskNodeSchema) });
export type PurgeTaskDetail = z.infer<typeof purgeTaskDetailSchema>;

export const purgeSubmittedSchema = z.object({ task: purgeTaskSchema });
export type PurgeSubmitted = z.infer<typeof purgeSubmittedSchema>;

export const purgeTaskListRequestSchema = listQuerySchema.extend({
  kind: z.enum(PURGE_KINDS).optional(),
});
export type PurgeTaskListRequest = z.input<typeof purgeTaskListRequestSchema>;
export const purgeTaskPageSchema = pageSchema(purgeTaskSchema);
