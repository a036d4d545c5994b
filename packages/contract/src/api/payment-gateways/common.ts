import { z } from 'zod';

/** A gateway's address: its documented production one by default, overridable (sandboxes, tests). */
export const endpointField = (production: string) =>
  z.string().trim().url({ message: 'validation.url' }).max(500).default(production);

/** A credential: write-only; blank on update keeps the stored one (config.secrets.ts). */
export const secretField = (max = 8192) => z.string().trim().max(max).default('');

export const requiredText = (max = 128) =>
  z.string({ message: 'validation.required' }).trim().min(1, 'validation.required').max(max);
