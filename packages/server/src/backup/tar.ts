/**
 * A small ustar (POSIX tar) writer and reader, enough for our own backup files: regular files only,
 * a PAX header for a path or size that ustar cannot hold. Written by us so a backup needs Node alone.
 */

const block = 512;
const zeros = Buffer.alloc(block);

export interface TarFile {
  /** a relative path with forward slashes */
  path: string;
  size: number;
  mtime?: Date;
}

const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, '0') + '\0';

const checksum = (header: Buffer) => {
  let sum = 0;
  for (let i = 0; i < block; i += 1) sum += i >= 148 && i < 156 ? 32 : header[i]!;
  return sum;
};

const rawHeader = (name: string, size: number, type: '0' | 'x', mtime: Date, prefix = '') => {
  const header = Buffer.alloc(block);
  header.write(name, 0, 100, 'utf8');
  header.write(octal(0o600, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(size, 12), 124, 'ascii');
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  header.write(type, 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  header.write(prefix, 345, 155, 'utf8');
  header.write(`${checksum(header).toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return header;
};

/** "<length> key=value\n", the length counting itself */
const paxRecord = (key: string, value: string) => {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length += 1;
  return `${length}${body}`;
};

/** ustar's octal size field holds up to 8 GiB − 1 */
const ustarMaxSize = 0o77777777777;

const splitForUstar = (path: string): { name: string; prefix: string } | undefined => {
  if (Buffer.byteLength(path) <= 100) return { name: path, prefix: '' };
  for (let cut = path.indexOf('/'); cut !== -1; cut = path.indexOf('/', cut + 1)) {
    const prefix = path.slice(0, cut);
    const name = path.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100 && name.length > 0) return { name, prefix };
  }
  return undefined;
};

/** The header block(s) of one file: a PAX header first when the path or size does not fit ustar. */
export const tarHeader = (file: TarFile): Buffer => {
  checkedPath(file.path);
  const mtime = file.mtime ?? new Date(0);
  const split = splitForUstar(file.path);
  const records = [...(split ? [] : [paxRecord('path', file.path)]), ...(file.size > ustarMaxSize ? [paxRecord('size', String(file.size))] : [])];
  const own = rawHeader(split?.name ?? file.path.slice(-100), file.size > ustarMaxSize ? 0 : file.size, '0', mtime, split?.prefix ?? '');
  if (records.length === 0) return own;
  const pax = Buffer.from(records.join(''), 'utf8');
  return Buffer.concat([rawHeader('PaxHeader', pax.length, 'x', mtime), pax, padding(pax.length), own]);
};

/** The zeros that fill the last block of `size` bytes of content. */
export const padding = (size: number) => zeros.subarray(0, (block - (size % block)) % block);

/** Two zero blocks end an archive. */
export const tarEnd = () => Buffer.alloc(block * 2);

/**
 * A path safe to extract under a folder: relative, forward slashes, no `.` or `..` segment, no NUL.
 * Throws otherwise, so an archive cannot write outside the folder it is restored into.
 */
export const checkedPath = (path: string) => {
  const segments = path.split('/');
  if (path.length === 0 || path.startsWith('/') || path.includes('\\') || path.includes('\0') || segments.some((s) => s === '' || s === '.' || s === '..')) {
    throw new Error(`不安全的归档路径 / unsafe path in archive: ${JSON.stringify(path)}`);
  }
  return path;
};

/** Reads exactly the bytes asked for from a stream of chunks. */
class ByteSource {
  private buffered: Buffer[] = [];
  private length = 0;
  private done = false;
  constructor(private readonly chunks: AsyncIterator<Buffer>) {}

  private async fill(wanted: number) {
    while (this.length < wanted && !this.done) {
      const next = await this.chunks.next();
      if (next.done) this.done = true;
      else {
        this.buffered.push(next.value);
        this.length += next.value.length;
      }
    }
  }

  private take(count: number) {
    const all = this.buffered.length === 1 ? this.buffered[0]! : Buffer.concat(this.buffered);
    const taken = all.subarray(0, count);
    const rest = all.subarray(count);
    this.buffered = rest.length ? [rest] : [];
    this.length = rest.length;
    return taken;
  }

  /** exactly `count` bytes; undefined at a clean end; throws when the stream ends midway */
  async read(count: number): Promise<Buffer | undefined> {
    await this.fill(count);
    if (this.length === 0 && this.done) return undefined;
    if (this.length < count) throw new Error('归档不完整 / the archive ends early');
    return this.take(count);
  }

  /** up to `count` bytes, at least one; throws at the end of the stream */
  async readSome(count: number): Promise<Buffer> {
    if (this.length === 0) await this.fill(1);
    if (this.length === 0) throw new Error('归档不完整 / the archive ends early');
    return this.take(Math.min(count, this.length));
  }
}

export interface TarEntry {
  path: string;
  size: number;
  /** the content; read it or not, the next entry comes after it either way */
  body: AsyncIterable<Buffer>;
}

const text = (header: Buffer, start: number, length: number) => {
  const field = header.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
};

const parsePax = (records: Buffer) => {
  const values = new Map<string, string>();
  let at = 0;
  while (at < records.length) {
    const space = records.indexOf(0x20, at);
    const length = Number(records.subarray(at, space).toString('ascii'));
    if (space === -1 || !Number.isInteger(length) || length <= 0) break;
    const record = records.subarray(space + 1, at + length - 1).toString('utf8');
    const equals = record.indexOf('=');
    values.set(record.slice(0, equals), record.slice(equals + 1));
    at += length;
  }
  return values;
};

/**
 * The regular files of a tar stream, in order. Each entry's body must be read (or left) before the
 * next is asked for. Directories are skipped; any other kind of entry (links, devices) is refused.
 */
export async function* tarEntries(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const bytes = new ByteSource(source[Symbol.asyncIterator]());
  let pax = new Map<string, string>();
  for (;;) {
    const header = await bytes.read(block);
    if (!header || header.equals(zeros)) return;
    if (checksum(header) !== parseInt(text(header, 148, 8).trim(), 8)) throw new Error('归档已损坏（校验和不符）/ the archive is damaged (bad header checksum)');
    const type = String.fromCharCode(header[156]!);
    const size = Number(pax.get('size') ?? parseInt(text(header, 124, 12).trim() || '0', 8));
    if (type === 'x') {
      const content = (await bytes.read(size + padding(size).length))!;
      pax = parsePax(content.subarray(0, size));
      continue;
    }
    const prefix = text(header, 345, 155);
    const path = pax.get('path') ?? (prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100));
    pax = new Map();
    if (type === '5') {
      await bytes.read(size + padding(size).length);
      continue;
    }
    if (type !== '0' && type !== '\0') throw new Error(`归档中有不支持的条目 / unsupported entry type "${type}" for ${path}`);
    // what the reader left of the body is skipped before the next header, even if it stopped midway
    let left = size;
    const body = async function* () {
      while (left > 0) {
        const piece = await bytes.readSome(left);
        left -= piece.length;
        yield piece;
      }
    };
    yield { path: checkedPath(path.replace(/\/+$/, '')), size, body: body() };
    while (left > 0) left -= (await bytes.readSome(left)).length;
    const pad = padding(size).length;
    if (pad) await bytes.read(pad);
  }
}

/** Collects a body into one buffer (for small entries: the manifest). */
export const bufferOf = async (body: AsyncIterable<Buffer>) => {
  const pieces: Buffer[] = [];
  for await (const piece of body) pieces.push(piece);
  return Buffer.concat(pieces);
};
