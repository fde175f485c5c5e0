import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readSync, statSync, utimesSync } from 'node:fs';
import * as zlib from 'node:zlib';

// 1 MiB: a larger buffer is allocated outside the pool and page-faults on every open (measured 1.7× slower at 8 MiB).
const chunkSize = 1024 * 1024;
// zlib.crc32 exists from Node 20.15 on; older Node 20 releases fall back to SHA-1.
const crc32 = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;

/**
 * `size:checksum` of a file: CRC-32 (zlib's, ~4 GB/s) over every byte, read in 1 MiB chunks into one
 * buffer. It catches a truncated, extended, replaced or bit-flipped file, which is what it guards
 * against (usearch's loader aborts the whole process on a malformed index); it is not a defence
 * against someone forging a file, which SHA-256 would not stop either when the checksum sits next to it.
 * `undefined` when the file does not exist.
 */
export function fileFingerprint(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  const size = statSync(path).size;
  const descriptor = openSync(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(Math.min(chunkSize, Math.max(size, 1)));
    const sha1 = crc32 === undefined ? createHash('sha1') : undefined;
    let checksum = 0;
    for (let position = 0; position < size; ) {
      const read = readSync(descriptor, buffer, 0, buffer.byteLength, position);
      if (read === 0) break;
      const chunk = buffer.subarray(0, read);
      if (crc32 !== undefined) checksum = crc32(chunk, checksum);
      else sha1?.update(chunk);
      position += read;
    }
    return `${size}:${sha1 === undefined ? `crc32-${checksum.toString(16)}` : `sha1-${sha1.digest('hex')}`}`;
  } finally {
    closeSync(descriptor);
  }
}

/**
 * Sets a file's modification time to a moment of our choosing, two seconds in the past, and returns
 * its stamp (`fileStamp`). Any write to the file afterwards — in place, a truncation, a copy over it —
 * sets the time to the clock, and a replacement by rename brings another inode; so a file that
 * still shows the stamp is the one stamped, short of bit rot under the filesystem (which SQLite's own
 * pages are exposed to alike) or someone resetting the time to the nanosecond on purpose.
 */
export function stampFile(path: string): string {
  const seconds = Math.floor(Date.now() / 1000) - 2;
  utimesSync(path, seconds, seconds);
  return fileStamp(path) ?? '';
}

/** `inode:size:mtime-ns` of a file, `undefined` when it does not exist. */
export function fileStamp(path: string): string | undefined {
  const stats = statSync(path, { bigint: true, throwIfNoEntry: false });
  return stats === undefined ? undefined : `${stats.ino}:${stats.size}:${stats.mtimeNs}`;
}
