import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { crc32, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ExportColumn, writeXlsx } from './xlsx-export.js';
import { columnLetters, workbookParts } from './xlsx-writer.js';

/** The xlsx `writeXlsx` makes of these batches, as bytes. */
const exported = async <Row>(sheetName: string, columns: ExportColumn<Row>[], batches: Row[][]) => {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      chunks.push(chunk);
      done();
    },
  });
  const source = (async function* () {
    yield* batches;
  })();
  await writeXlsx(out, { sheetName, columns }, source, await source.next(), { signal: new AbortController().signal });
  return Buffer.concat(chunks);
};

const sheetOf = async (file: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
};

interface Plate {
  plate: string;
  amount: number | null;
  remark?: string;
}
const plateColumns: ExportColumn<Plate>[] = [
  { header: '车牌号', width: 14, value: (r) => r.plate },
  { header: '金额', value: (r) => r.amount },
  { header: '备注', width: 24, value: (r) => r.remark ?? '' },
];

describe('an xlsx of our own writing, read back by ExcelJS', () => {
  it('holds the sheet name, the bold headers, the column widths, Chinese text and numbers as numbers', async () => {
    const sheet = await sheetOf(
      await exported('停车记录', plateColumns, [
        [
          { plate: '粤B12345', amount: 12.5, remark: '夜间停车' },
          { plate: '京A00001', amount: 0 },
        ],
      ]),
    );
    expect(sheet.name).toBe('停车记录');
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).values).toEqual([undefined, '车牌号', '金额', '备注']);
    expect(sheet.getCell('A1').font.bold).toBe(true);
    expect(sheet.getCell('A2').font?.bold).toBeFalsy();
    expect([1, 2, 3].map((i) => sheet.getColumn(i).width)).toEqual([14, 16, 24]);
    expect(sheet.getRow(2).values).toEqual([undefined, '粤B12345', 12.5, '夜间停车']);
    expect(sheet.getCell('B3').value).toBe(0);
    // null and '' are no cell at all
    expect(sheet.getCell('C3').value).toBeNull();
  });

  it('escapes the characters XML gives meaning, keeps tabs, newlines and edge spaces, and drops the controls XML forbids', async () => {
    const sheet = await sheetOf(
      await exported('导出', plateColumns, [
        [
          { plate: `<&>"'`, amount: null, remark: '</t></is></c><c r="Z9">' },
          { plate: '粤B\u00011234\u001F5', amount: Number.NaN, remark: ' 第一行\n第二行\t ' },
          { plate: '\u0007', amount: null, remark: 'a\uFFFEb' },
        ],
      ]),
    );
    expect(sheet.getRow(2).values).toEqual([undefined, `<&>"'`, undefined, '</t></is></c><c r="Z9">']);
    expect(sheet.getRow(3).values).toEqual([undefined, '粤B12345', 'NaN', ' 第一行\n第二行\t ']);
    // a text of nothing but forbidden characters is no cell
    expect(sheet.getRow(4).values).toEqual([undefined, undefined, undefined, 'ab']);
  });

  it('writes only the header row for an empty list', async () => {
    const sheet = await sheetOf(await exported('导出', plateColumns, []));
    expect(sheet.rowCount).toBe(1);
    expect(sheet.getRow(1).values).toEqual([undefined, '车牌号', '金额', '备注']);
  });

  it('writes every row of many batches, in order', async () => {
    const batches = Array.from({ length: 40 }, (_, b) => Array.from({ length: 500 }, (_, i) => ({ plate: `粤B${String(b * 500 + i).padStart(5, '0')}`, amount: b * 500 + i })));
    const sheet = await sheetOf(await exported('导出', plateColumns, batches));
    expect(sheet.rowCount).toBe(20_001);
    expect(sheet.getRow(2).values).toEqual([undefined, '粤B00000', 0]);
    expect(sheet.getRow(20_001).values).toEqual([undefined, '粤B19999', 19_999]);
  });

  it('gives up, closing the source, when the output closes before the end', async () => {
    let closed = false;
    const source = (async function* () {
      try {
        for (let b = 0; ; b++) yield Array.from({ length: 500 }, (_, i) => ({ plate: `粤B${String(b * 500 + i)}`, amount: i }));
      } finally {
        closed = true;
      }
    })();
    // takes the first chunk, never another, then goes away as a socket does
    const out = new Writable({ write: () => undefined });
    out.once('pipe', () => setTimeout(() => out.destroy(), 20));
    await expect(writeXlsx(out, { sheetName: '导出', columns: plateColumns }, source, await source.next(), { signal: new AbortController().signal })).rejects.toThrow();
    expect(closed).toBe(true);
  });

  it('refuses a sheet name Excel would refuse', () => {
    expect(() => workbookParts('停车/记录')).toThrow(/sheet name/);
    expect(() => workbookParts('长'.repeat(32))).toThrow(/sheet name/);
  });

  it('names columns past Z as Excel does', () => {
    expect([0, 25, 26, 51, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'ZZ', 'AAA']);
  });
});

interface ZipEntry {
  name: string;
  crc: number;
  compressedSize: number;
  size: number;
  data: Buffer;
}

/** Reads a zip by its central directory and checks each entry's local header and data descriptor against it. */
const zipEntries = (zip: Buffer): ZipEntry[] => {
  const end = zip.length - 22;
  expect(zip.readUInt32LE(end)).toBe(0x06054b50);
  const count = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  let at = zip.readUInt32LE(end + 16);
  expect(at + directorySize).toBe(end);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);

    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    expect(zip.toString('utf8', local + 30, local + 30 + zip.readUInt16LE(local + 26))).toBe(name);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const descriptor = dataAt + compressedSize;
    expect([zip.readUInt32LE(descriptor), zip.readUInt32LE(descriptor + 4), zip.readUInt32LE(descriptor + 8), zip.readUInt32LE(descriptor + 12)]).toEqual([
      0x08074b50,
      crc,
      compressedSize,
      size,
    ]);
    entries.push({ name, crc, compressedSize, size, data: inflateRawSync(zip.subarray(dataAt, descriptor)) });
  }
  return entries;
};

// the check with the unzip command runs where it is installed; the test's own reading runs everywhere
describe('the zip around the xlsx', () => {
  let file: Buffer;
  beforeAll(async () => {
    const rows = Array.from({ length: 3000 }, (_, n) => ({ plate: `粤B${String(n).padStart(5, '0')}`, amount: n / 100, remark: '备注'.repeat(n % 7) }));
    file = await exported('停车记录', plateColumns, [rows.slice(0, 1000), rows.slice(1000, 2000), rows.slice(2000)]);
  });

  it('holds the six parts, each with the CRC and sizes of its bytes in its descriptor and in the directory', async () => {
    const entries = zipEntries(file);
    expect(entries.map((e) => e.name)).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/worksheets/sheet1.xml']);
    for (const entry of entries) {
      expect(entry.data.length).toBe(entry.size);
      expect(crc32(entry.data)).toBe(entry.crc);
    }
    const sheet = entries.at(-1)!.data.toString('utf8');
    expect(sheet.match(/<row /g)).toHaveLength(3001);
  });

  // unzip, a reader that is not ours (.ci/run installs it with apt)
  it('passes unzip -t', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'xlsx-'));
    try {
      await writeFile(join(dir, 'export.xlsx'), file);
      const { stdout } = await promisify(execFile)('unzip', ['-t', join(dir, 'export.xlsx')]);
      expect(stdout).toContain('No errors detected');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
