import zlib from 'node:zlib';

/** Bytes on the wire if the asset is served gzip-compressed (zlib's default level 6, like most servers). */
export function gzipSize(body: Buffer | string): number {
  return zlib.gzipSync(body).length;
}
