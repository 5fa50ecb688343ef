import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { businessDay, exportId, exportIdHeader, exportIdMessage } from '@parking/contract';
import { badRequest } from '../plugins/app-error.js';
import { asAttachment } from './attachment.js';
import type { ExportProgressHandle } from './export-progress.js';
import { SheetXml, sheetPart, workbookParts } from './xlsx-writer.js';
import { ZipWriter } from './xlsx-zip.js';

export interface ExportColumn<Row> {
  header: string;
  width?: number;
  value: (row: Row) => string | number | null;
}

const dateTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Shanghai has kept UTC+8 without daylight saving since 1992; before that only the time-zone database knows. */
const fixedOffsetSince = Date.UTC(1992, 0, 1);
const utc8 = 8 * 3600_000;
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Business times in exports are Asia/Shanghai wall-clock: 2026-11-20 09:30:00 (by arithmetic: Intl takes 4 µs a call, a million rows hold two). */
export const shanghaiDateTime = (at: Date) => {
  const ms = at.getTime();
  if (!(ms >= fixedOffsetSince)) return dateTime.format(at);
  const d = new Date(ms + utc8);
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
};

export interface XlsxContent<Row> {
  sheetName: string;
  columns: ExportColumn<Row>[];
}

/** The export was stopped from outside (the client went away) before its last row. */
export class ExportCancelled extends Error {
  constructor() {
    super('export cancelled');
  }
}

/**
 * Writes the batches into `out` as an xlsx, a batch at a time: the next batch is read only once the
 * compressor has taken the last one, so memory holds about one batch whatever the rows and however
 * slow the client. Stops between batches when `signal` aborts (then throws ExportCancelled), and
 * closes the source either way, so a database cursor behind it is released.
 */
export const writeXlsx = async <Row>(
  out: Writable,
  content: XlsxContent<Row>,
  batches: AsyncIterator<Iterable<Row>>,
  first: IteratorResult<Iterable<Row>>,
  { signal, wrote }: { signal: AbortSignal; wrote?: (rows: number) => void },
) => {
  const zip = new ZipWriter(out, signal);
  const sheet = new SheetXml(content.columns.map((c) => ({ header: c.header, width: c.width ?? 16 })));
  const values = content.columns.map((c) => c.value);
  let rows = 0;
  let next = first;
  try {
    for (const [name, text] of workbookParts(content.sheetName)) await zip.add(name, text);
    const sheetEntry = zip.open(sheetPart);
    await sheetEntry.write(sheet.head());
    for (; !next.done; next = await batches.next()) {
      if (signal.aborted) throw new ExportCancelled();
      let xml = '';
      for (const row of next.value) {
        xml += sheet.row(values.map((value) => value(row)));
        rows++;
      }
      wrote?.(rows);
      await sheetEntry.write(xml);
    }
    await sheetEntry.write(SheetXml.tail);
    await sheetEntry.close();
    // the end of the zip waits on the client too: one that leaves then must not hold the request
    await zip.end();
  } catch (error) {
    zip.abandon();
    throw signal.aborted ? new ExportCancelled() : error;
  } finally {
    if (!next.done) await batches.return?.();
  }
  return rows;
};

/** The progress handle of a download that sent an export id, or none; a malformed id is refused before anything is read. */
const followed = (reply: FastifyReply, total: number | null): ExportProgressHandle | undefined => {
  const header = reply.request.headers[exportIdHeader];
  if (header === undefined) return undefined;
  const id = exportId.safeParse(header);
  if (!id.success) throw badRequest(exportIdMessage);
  // a download without a signed-in user has nobody to show its progress to
  const auth = reply.request.auth;
  return auth ? reply.server.exportProgress.start(auth, id.data, total) : undefined;
};

/**
 * Streams an xlsx to the client: rows are written as the batches arrive and only as fast as the
 * client takes them, so an export of any size holds about one batch in memory. A client that goes
 * away stops the reading at the next batch. With an `x-export-id` header, the rows written so far
 * can be read at /api/system/Export/Progress/:exportId; `total`, when the route knows it cheaply,
 * goes with them.
 */
export const sendXlsx = async <Row>(reply: FastifyReply, options: XlsxContent<Row> & { fileName: string; batches: AsyncIterable<Iterable<Row>>; total?: number }) => {
  const progress = followed(reply, options.total ?? null);
  // the first batch is read before anything is sent: a refusal or fault there is an ordinary answer
  // (a 400 in Chinese, a 500 envelope), not a download that breaks off
  const batches = options.batches[Symbol.asyncIterator]();
  let first: IteratorResult<Iterable<Row>>;
  try {
    first = await batches.next();
  } catch (error) {
    progress?.end('failed');
    throw error;
  }
  const clientGone = new AbortController();
  const onClose = () => {
    // after the last byte was handed over the close is the normal end, not a client that left
    if (!reply.raw.writableEnded) clientGone.abort();
  };
  reply.raw.once('close', onClose);
  const stream = new PassThrough();
  const name = `${options.fileName}-${businessDay().replaceAll('-', '')}.xlsx`;
  asAttachment(reply, name, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  reply.send(stream);
  // the rows are read inside the request's tenant transaction, so finish before returning
  try {
    await writeXlsx(stream, options, batches, first, { signal: clientGone.signal, ...(progress ? { wrote: progress.wrote } : {}) });
    progress?.end('done');
  } catch (error) {
    if (error instanceof ExportCancelled) {
      reply.log.info('export cancelled: the client went away');
      progress?.end('cancelled');
    } else {
      reply.log.error({ err: error }, 'export failed while streaming');
      progress?.end('failed');
    }
    // cut off, so the browser sees a broken download rather than a short file that looks whole
    stream.destroy(error as Error);
  } finally {
    reply.raw.off('close', onClose);
  }
  return reply;
};

/** Reads a listing page by page until a short page, for exports. */
export async function* pages<Row>(fetchPage: (page: number, size: number) => Promise<Row[]>, size = 500, maxRows = 100_000) {
  for (let page = 1; (page - 1) * size < maxRows; page++) {
    const rows = await fetchPage(page, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
  }
}
