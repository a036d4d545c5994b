import {
  BACKUP_FILE_EXTENSION,
  BACKUP_MAX_BYTES,
  BACKUP_PATHS,
  backupSummarySchema,
  envelopeSchema,
} from '@nimbus/contract';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { badRequest } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import { uploadOf, uploadsToDisk } from '../../platform/http/upload-to-disk';
import { backupService } from './backup.service';

/** Spec §7: GET sys/config/export/db, POST sys/config/import/db (admin). */
export function backupRoutes(api: FastifyInstance, ctx: AppContext) {
  const backups = backupService(ctx);
  const tags = ['backup'];
  // The file travels as its own bytes, not inside JSON, and goes to disk as it arrives: a
  // parser for this scope only.
  uploadsToDisk(api, 'application/octet-stream', {
    dir: path.join(ctx.config.dataDir, 'tmp', 'backup-uploads'),
    limit: BACKUP_MAX_BYTES,
  });

  api.get(
    `/${BACKUP_PATHS.export}`,
    { preValidation: ctx.guards.admin, schema: { tags, produces: ['application/octet-stream'] } },
    async (request, reply) => {
      const { file, summary } = await backups.exportFile(principalOf(request, 'admin'), callerOf(request));
      const stamp = summary.createdAt.replace(/[:.]/g, '-');
      return reply
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename="nimbus-${stamp}${BACKUP_FILE_EXTENSION}"`)
        .send(file);
    },
  );

  api.post(
    `/${BACKUP_PATHS.import}`,
    {
      preValidation: ctx.guards.admin,
      bodyLimit: BACKUP_MAX_BYTES,
      schema: {
        tags,
        consumes: ['application/octet-stream'],
        response: { 200: envelopeSchema(backupSummarySchema) },
      },
    },
    async (request) => {
      const upload = uploadOf(request);
      if (!upload) throw badRequest('backup.notABackup');
      try {
        return ok(
          await backups.importFile(await upload.read(), principalOf(request, 'admin'), callerOf(request)),
        );
      } finally {
        await upload.discard();
      }
    },
  );
}
