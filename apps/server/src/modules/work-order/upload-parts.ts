import multipart, { type MultipartFile } from '@fastify/multipart';
import { WORK_ORDER_IMAGE_BYTES, WORK_ORDER_IMAGE_LIMIT } from '@nimbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../platform/http/app-error';
import type { UploadedImage } from './image-check';

const uploads = new WeakMap<FastifyRequest, UploadedImage[]>();

/** The images a multipart request carried (none for a JSON request). */
export const imagesOf = (request: FastifyRequest): UploadedImage[] => uploads.get(request) ?? [];

const isTooLarge = (error: unknown) => (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * Multipart bodies for this scope: form fields become the body (validated by the route's zod
 * schema like JSON), files named `images` are read into memory, at most 9 of at most 1 MB each
 * (spec §5). The 10th file or a larger one is refused while the upload is still arriving.
 */
export async function acceptImageUploads(scope: FastifyInstance): Promise<void> {
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
      try {
        list.push({ name: part.filename || 'image', bytes: await part.toBuffer() });
      } catch (error) {
        if (isTooLarge(error)) throw badRequest('workOrder.imageTooLarge', { name: part.filename });
        throw error;
      }
      // The bytes stay here, not in the body the schema validates.
      (part as { value?: unknown }).value = undefined;
    },
  });
}
