import type { DbOrTx } from '../../platform/db/database';
import { addJob } from '../../platform/jobs/jobs';

export const NAMESERVERS_JOB = 'dns-nameservers-sync';

/**
 * Asks for every hosted zone to take web config's name servers, in the caller's transaction:
 * requests coalesce into one run. Kept apart from the run itself so web config can ask without
 * importing the DNS module.
 */
export const requestNameserversSync = (db: DbOrTx) =>
  addJob(db, NAMESERVERS_JOB, {}, { jobKey: NAMESERVERS_JOB });
