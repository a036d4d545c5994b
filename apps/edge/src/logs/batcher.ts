import {
  EDGE_LOG_BATCH_LINES,
  EDGE_LOG_BATCH_SECONDS,
  EDGE_LOG_MAX_BODY_BYTES,
  EDGE_LOG_MAX_LINES,
} from '@nimbus/contract';

/** Lines `[start, end)` of one generation's file, as nginx wrote them. */
export interface Batch {
  start: number;
  end: number;
  lines: number;
  body: Buffer;
}

export interface BatchLimits {
  lines: number;
  /** Uncompressed bytes. */
  bytes: number;
  ageMs: number;
}

/**
 * The contract's limits. Bytes are capped before compression, with room for deflate's worst case
 * (stored blocks: 5 bytes per 16 KiB, plus the gzip frame), so even incompressible lines keep the
 * compressed body under EDGE_LOG_MAX_BODY_BYTES without compressing twice.
 */
export const BATCH_LIMITS: BatchLimits = {
  lines: Math.min(EDGE_LOG_BATCH_LINES, EDGE_LOG_MAX_LINES),
  bytes: EDGE_LOG_MAX_BODY_BYTES - 64 * 1024,
  ageMs: EDGE_LOG_BATCH_SECONDS * 1000,
};

const NEWLINE = 0x0a;

/**
 * Gathers complete lines into batches. Pure: the tailer feeds it what it read and spools what it
 * answers. A batch starts where the previous one ended, so its id (generation, start) names the
 * same bytes whenever it is cut from the same file.
 */
export class Batcher {
  private chunks: Buffer[] = [];
  private lineCount = 0;
  private byteCount = 0;
  private firstAt = 0;

  constructor(
    private start: number,
    private readonly limits: BatchLimits = BATCH_LIMITS,
  ) {}

  /** Where the next byte read belongs: the end of the open batch. */
  get end(): number {
    return this.start + this.byteCount;
  }

  get open(): number {
    return this.lineCount;
  }

  /** Takes bytes read at `end` that finish with a newline; answers the batches that filled up. */
  add(complete: Buffer, now: number): Batch[] {
    const closed: Batch[] = [];
    let from = 0;
    while (from < complete.length) {
      const newline = complete.indexOf(NEWLINE, from);
      if (newline < 0) throw new Error('Batcher.add takes complete lines only');
      const line = complete.subarray(from, newline + 1);
      if (this.lineCount > 0 && this.byteCount + line.length > this.limits.bytes) closed.push(this.close()!);
      if (this.lineCount === 0) this.firstAt = now;
      this.chunks.push(line);
      this.lineCount++;
      this.byteCount += line.length;
      if (this.lineCount >= this.limits.lines) closed.push(this.close()!);
      from = newline + 1;
    }
    return closed;
  }

  /** The open batch once its first line is old enough. */
  due(now: number): Batch | undefined {
    return this.lineCount > 0 && now - this.firstAt >= this.limits.ageMs ? this.close() : undefined;
  }

  /** Closes whatever is open (the end of a rotated file: no batch spans two files). */
  close(): Batch | undefined {
    if (this.lineCount === 0) return undefined;
    const batch = {
      start: this.start,
      end: this.end,
      lines: this.lineCount,
      body: Buffer.concat(this.chunks),
    };
    this.start = batch.end;
    this.chunks = [];
    this.lineCount = 0;
    this.byteCount = 0;
    return batch;
  }

  /** Passes over bytes that are not a line (no newline in a whole read): after the open batch. */
  skip(bytes: number): Batch | undefined {
    const closed = this.close();
    this.start += bytes;
    return closed;
  }
}

/** The complete lines of a read: up to and including its last newline. */
export function completeLines(read: Buffer): Buffer {
  return read.subarray(0, read.lastIndexOf(NEWLINE) + 1);
}
