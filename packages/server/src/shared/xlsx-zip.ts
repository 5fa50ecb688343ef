import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { crc32, createDeflateRaw } from 'node:zlib';

/** The largest size or offset a zip without its ZIP64 extension can say; an xlsx export stays far below it. */
const zipLimit = 0xffff_ffff;
/** bit 3: sizes and CRC follow the data (they are known only then); bit 11: names are UTF-8 */
const flags = 0x0008 | 0x0800;
const deflated = 8;
const version = 20;

/** The MS-DOS time and date a zip entry carries, in UTC (a zip has no field for the zone). */
const dosTime = (at: Date) => ({
  time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
  date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
});

interface WrittenEntry {
  name: Buffer;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

const beyondLimit = (what: string) => new Error(`the xlsx is too large for a zip without ZIP64: ${what} exceeds 4 GiB`);

/**
 * Writes a zip into `out` an entry at a time, deflating each entry's bytes as they come. Every wait
 * (the compressor taking the bytes, `out` taking the compressed ones) ends when `signal` aborts or
 * `out` closes, so a client that leaves cannot hold the writer. Fixed-size buffers only: at most one
 * `write` of input, the compressor's output and `out`'s own buffer are in memory at once.
 */
export class ZipWriter {
  private readonly entries: WrittenEntry[] = [];
  private offset = 0;
  private readonly at = dosTime(new Date());
  private readonly outGone = new AbortController();
  /** stops the open entry's compressor, for a zip given up halfway */
  private stopOpenEntry: (() => void) | undefined;
  /** aborts when the caller's signal does or when `out` closes before the zip's end */
  readonly signal: AbortSignal;

  constructor(
    private readonly out: Writable,
    signal: AbortSignal,
  ) {
    this.signal = AbortSignal.any([signal, this.outGone.signal]);
    out.once('close', this.onOutClosed);
  }

  private readonly onOutClosed = () => this.outGone.abort(this.out.errored ?? new Error('the output closed before the end of the zip'));

  /** Hands bytes of the zip's own records to `out`: a few dozen bytes an entry, so they do not wait for it to drain. */
  private put(bytes: Buffer) {
    this.signal.throwIfAborted();
    if (this.offset + bytes.length > zipLimit) throw beyondLimit('the zip');
    this.out.write(bytes);
    this.offset += bytes.length;
  }

  /** Starts an entry: write its text with `write`, in as many pieces as it comes, then `close` it before the next. */
  open(name: string) {
    const nameBytes = Buffer.from(name, 'utf8');
    const entry: WrittenEntry = { name: nameBytes, crc: 0, compressedSize: 0, size: 0, offset: this.offset };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(version, 4);
    header.writeUInt16LE(flags, 6);
    header.writeUInt16LE(deflated, 8);
    header.writeUInt16LE(this.at.time, 10);
    header.writeUInt16LE(this.at.date, 12);
    // CRC and sizes (14..25) stay 0 here: the data descriptor after the data holds them
    header.writeUInt16LE(nameBytes.length, 26);
    this.put(Buffer.concat([header, nameBytes]));

    // level 1: level 6 takes twice the time for a tenth less; 64 KiB pieces towards the socket
    const deflate = createDeflateRaw({ level: 1, chunkSize: 64 * 1024 });
    deflate.on('data', (chunk: Buffer) => {
      entry.compressedSize += chunk.length;
    });
    // the compressor pauses while `out` is full, and stops taking input once its own output is full
    deflate.pipe(this.out, { end: false });
    const { signal } = this;
    const stop = () => {
      deflate.unpipe(this.out);
      deflate.destroy();
    };
    this.stopOpenEntry = stop;

    return {
      /** Resolves once the compressor has taken `text`, so the caller makes the next piece only then. */
      write: async (text: string) => {
        signal.throwIfAborted();
        const bytes = Buffer.from(text, 'utf8');
        if (entry.size + bytes.length > zipLimit) {
          stop();
          throw beyondLimit(name);
        }
        entry.crc = crc32(bytes, entry.crc);
        entry.size += bytes.length;
        try {
          if (!deflate.write(bytes)) await once(deflate, 'drain', { signal });
        } catch (error) {
          stop();
          throw error;
        }
      },
      /** Resolves once the entry's last compressed byte and its data descriptor were handed to `out`. */
      close: async () => {
        try {
          deflate.end();
          await once(deflate, 'end', { signal });
        } catch (error) {
          stop();
          throw error;
        }
        if (entry.compressedSize > zipLimit) throw beyondLimit(name);
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(entry.crc, 4);
        descriptor.writeUInt32LE(entry.compressedSize, 8);
        descriptor.writeUInt32LE(entry.size, 12);
        // the compressed bytes went to `out` by the pipe, outside `put`
        this.offset += entry.compressedSize;
        this.stopOpenEntry = undefined;
        this.put(descriptor);
        this.entries.push(entry);
      },
    };
  }

  /** Writes a whole entry at once (a small part of the file). */
  async add(name: string, text: string) {
    const entry = this.open(name);
    await entry.write(text);
    await entry.close();
  }

  /** Writes the central directory and the end record, ends `out` and resolves once `out` has taken the last byte. */
  async end() {
    const directoryOffset = this.offset;
    for (const entry of this.entries) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(version, 4);
      record.writeUInt16LE(version, 6);
      record.writeUInt16LE(flags, 8);
      record.writeUInt16LE(deflated, 10);
      record.writeUInt16LE(this.at.time, 12);
      record.writeUInt16LE(this.at.date, 14);
      record.writeUInt32LE(entry.crc, 16);
      record.writeUInt32LE(entry.compressedSize, 20);
      record.writeUInt32LE(entry.size, 24);
      record.writeUInt16LE(entry.name.length, 28);
      // extra field, comment, disk, attributes: all 0 (30..41)
      record.writeUInt32LE(entry.offset, 42);
      this.put(Buffer.concat([record, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - directoryOffset, 12);
    end.writeUInt32LE(directoryOffset, 16);
    this.put(end);
    this.out.off('close', this.onOutClosed);
    this.out.end();
    await finished(this.out, { readable: false, signal: this.signal });
  }

  /** Stops the open entry and listening to `out`, for a zip given up before its end. */
  abandon() {
    this.stopOpenEntry?.();
    this.stopOpenEntry = undefined;
    this.out.off('close', this.onOutClosed);
  }
}
