import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { businessDay } from '@parking/contract';
import { asAttachment } from './attachment.js';

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

/** Business times in exports are Asia/Shanghai wall-clock: 2026-11-20 09:30:00. */
export const shanghaiDateTime = (at: Date) => dateTime.format(at);

/**
 * Streams an xlsx to the client: rows are written as the batches arrive, so an export of many
 * rows never holds the whole workbook in memory.
 */
export const sendXlsx = async <Row>(reply: FastifyReply, options: { fileName: string; sheetName: string; columns: ExportColumn<Row>[]; batches: AsyncIterable<Iterable<Row>> }) => {
  // the first batch is read before anything is sent: a refusal or fault there is an ordinary answer
  // (a 400 in Chinese, a 500 envelope), not a download that breaks off
  const batches = options.batches[Symbol.asyncIterator]();
  const first = await batches.next();
  const stream = new PassThrough();
  const name = `${options.fileName}-${businessDay().replaceAll('-', '')}.xlsx`;
  asAttachment(reply, name, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = workbook.addWorksheet(options.sheetName);
  sheet.columns = options.columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 16 }));
  sheet.getRow(1).font = { bold: true };
  const write = async () => {
    for (let next = first; !next.done; next = await batches.next()) {
      for (const row of next.value) sheet.addRow(options.columns.map((c) => c.value(row))).commit();
      // a slow client must not make the server hold the file: wait until what is queued has gone out
      if (stream.writableNeedDrain) await once(stream, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  };
  reply.send(stream);
  // the rows are read inside the request's tenant transaction, so finish before returning
  try {
    await write();
  } catch (error) {
    reply.log.error({ err: error }, 'export failed while streaming');
    stream.destroy(error as Error);
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
