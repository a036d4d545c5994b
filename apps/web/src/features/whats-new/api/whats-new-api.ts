import { COMMON_PATHS, type Page, type UpdateLogEntry } from '@nimbus/contract';
import { api } from '@/shared/api/client';

/** Releases asked for at once; "earlier versions" asks for the next page. */
export const RELEASES_PER_PAGE = 10;

export const whatsNewKeys = {
  all: ['whats-new'] as const,
};

export const whatsNewApi = {
  /** Nimbus's own release notes (the server reads CHANGELOG.md), newest first. */
  releases: (page: number, signal?: AbortSignal) =>
    api.get<Page<UpdateLogEntry>>(COMMON_PATHS.updateLog, { page, limit: RELEASES_PER_PAGE }, signal),
};
