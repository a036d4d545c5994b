import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';

/** A request body that went to a file as it arrived; the file is removed once the answer is sent. */
export interface UploadedFile {
  readonly path: string;
  readonly bytes: number;
  read(): Promise<Buffer>;
  /** Removes the file now (a handler does, before it answers); onResponse removes it otherwise. */
  discard(): Promise<void>;
}

const uploads = new WeakMap<FastifyRequest, UploadedFile>();

/** The file a request's body was written to; a request of another type has none. */
export function uploadOf(request: FastifyRequest): UploadedFile | undefined {
  return uploads.get(request);
}

const tooLarge = () => new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();

/**
 * Bodies of `contentType` in this scope go to a file under `dir` while they arrive, never into
 * memory, and stop with 413 at `limit` bytes (a Content-Length above it is refused before a
 * byte is read). Identity is checked before any of this (guards run in onRequest), so only a
 * caller allowed to upload gets a file written.
 */
export function uploadsToDisk(
  scope: FastifyInstance,
  contentType: string,
  options: { dir: string; limit: number },
) {
  scope.addContentTypeParser(contentType, async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
    if (Number(request.headers['content-length'] ?? 0) > options.limit) throw tooLarge();
    await mkdir(options.dir, { recursive: true, mode: 0o700 });
    const file = path.join(options.dir, randomUUID());
    let bytes = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done(bytes > options.limit ? tooLarge() : null, chunk);
      },
    });
    try {
      await pipeline(payload, counted, createWriteStream(file, { mode: 0o600, flags: 'wx' }));
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
    uploads.set(request, {
      path: file,
      bytes,
      read: () => readFile(file),
      discard: () => rm(file, { force: true }),
    });
    return undefined;
  });
  const cleanUp = async (request: FastifyRequest) => {
    await uploads.get(request)?.discard();
  };
  scope.addHook('onResponse', cleanUp);
  scope.addHook('onRequestAbort', cleanUp);
}
