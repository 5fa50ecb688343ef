import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';

/** The cells of an exported workbook's first sheet as text, header row first. */
export async function xlsxRows(response: LightMyRequestResponse): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  // every column of every row, so an empty cell reads '' rather than disappearing
  sheet.eachRow((row) => rows.push(Array.from({ length: sheet.columnCount }, (_, i) => row.getCell(i + 1).text)));
  return rows;
}
