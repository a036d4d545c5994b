import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { WORK_ORDER_IMAGE_BYTES, WORK_ORDER_IMAGE_LIMIT } from '@nimbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../platform/http/app-error';
import type { UploadedImage } from './image-check';

interface ImageOnDisk extends UploadedImage {
  file: string;
}

const uploads = new WeakMap<FastifyRequest, ImageOnDisk[]>();

/** The images a multipart request carried (none for a JSON request). */
export const imagesOf = (request: FastifyRequest): UploadedImage[] => uploads.get(request) ?? [];

/**
 * Multipart bodies for this scope: form fields become the body (validated by the route's zod
 * schema like JSON), files named `images` are written to files under `<dataDir>/tmp` as they
 * arrive, at most 9 of at most 1 MB each (spec §5), and removed once the answer is sent. The
 * 10th file or a larger one is refused while the upload is still arriving.
 */
export async function acceptImageUploads(scope: FastifyInstance, dataDir: string): Promise<void> {
  const dir = path.join(dataDir, 'tmp', 'work-order-uploads');
  await scope.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: {
      fileSize: WORK_ORDER_IMAGE_BYTES,
      // One more than allowed, so the extra file arrives and is refused with its own message.
      files: WORK_ORDER_IMAGE_LIMIT + 1,
      fields: 20,
      fieldSize: 64 * 1024,
    },
    async onFile(this: FastifyRequest, part: MultipartFile) {
      const list = uploads.get(this) ?? [];
      uploads.set(this, list);
      if (part.fieldname !== 'images') {
        part.file.resume();
        return;
      }
      if (list.length >= WORK_ORDER_IMAGE_LIMIT)
        throw badRequest('workOrder.imageTooMany', { max: WORK_ORDER_IMAGE_LIMIT });
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const file = path.join(dir, randomUUID());
      // Listed before it is written, so a failed upload's part file is removed too.
      list.push({ name: part.filename || 'image', file, read: () => readFile(file) });
      await pipeline(part.file, createWriteStream(file, { mode: 0o600, flags: 'wx' }));
      if (part.file.truncated) throw badRequest('workOrder.imageTooLarge', { name: part.filename });
      // The file stays out of the body the schema validates.
      (part as { value?: unknown }).value = undefined;
    },
  });
  const cleanUp = async (request: FastifyRequest) => {
    await Promise.all((uploads.get(request) ?? []).map(({ file }) => rm(file, { force: true })));
  };
  scope.addHook('onResponse', cleanUp);
  scope.addHook('onRequestAbort', cleanUp);
}
