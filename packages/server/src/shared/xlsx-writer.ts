/** The SpreadsheetML of a one-sheet workbook whose rows are written as they come: strings inline, numbers as numbers, a bold header. */

/** undefined too, as a value of null: a row field missing at run time must not break the file */
export type CellValue = string | number | null | undefined;

export interface SheetColumn {
  header: string;
  width: number;
}

const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const mainNs = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relationshipNs = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const packageRelationshipNs = 'http://schemas.openxmlformats.org/package/2006/relationships';

// the characters XML 1.0 forbids (controls other than tab, newline and CR, and U+FFFE/U+FFFF), which
// Excel refuses a file for; a lone surrogate needs nothing here, as UTF-8 encoding turns it into U+FFFD
// eslint-disable-next-line no-control-regex -- matching the control characters is the point
const needsWork = /[<>&"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
// eslint-disable-next-line no-control-regex -- as above
const forbidden = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const entities: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' };

/** Text as XML character data or attribute value, without the characters XML cannot hold. */
export const xmlText = (text: string) => (needsWork.test(text) ? text.replace(forbidden, '').replace(/[<>&"']/g, (c) => entities[c]!) : text);

/** space, tab, newline, CR: the whitespace XML readers may drop at a text's ends */
const isXmlSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/** Excel's sheet-name rules: 1 to 31 characters, none of : \ / ? * [ ] */
const validSheetName = (name: string) => name.length >= 1 && name.length <= 31 && !/[:\\/?*[\]]/.test(name);

/** A, B, … Z, AA, AB, …: the column part of a cell's address. */
export const columnLetters = (index: number) => {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
};

const contentTypes =
  `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

const packageRelationships =
  `${xmlHead}<Relationships xmlns="${packageRelationshipNs}">` + `<Relationship Id="rId1" Type="${relationshipNs}/officeDocument" Target="xl/workbook.xml"/>` + '</Relationships>';

const workbookRelationships =
  `${xmlHead}<Relationships xmlns="${packageRelationshipNs}">` +
  `<Relationship Id="rId1" Type="${relationshipNs}/styles" Target="styles.xml"/>` +
  `<Relationship Id="rId2" Type="${relationshipNs}/worksheet" Target="worksheets/sheet1.xml"/>` +
  '</Relationships>';

/** Style 0 for every cell but the header's, style 1 (bold) for the header; Excel wants the first two fills as they are. */
const styles =
  `${xmlHead}<styleSheet xmlns="${mainNs}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

const workbook = (sheetName: string) =>
  `${xmlHead}<workbook xmlns="${mainNs}" xmlns:r="${relationshipNs}">` + `<sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId2"/></sheets>` + '</workbook>';

/** Every part but the sheet, as [name in the zip, content]; throws for a sheet name Excel would refuse. */
export const workbookParts = (sheetName: string): [string, string][] => {
  if (!validSheetName(sheetName)) throw new Error(`not a sheet name Excel accepts: ${sheetName}`);
  return [
    ['[Content_Types].xml', contentTypes],
    ['_rels/.rels', packageRelationships],
    ['xl/workbook.xml', workbook(sheetName)],
    ['xl/_rels/workbook.xml.rels', workbookRelationships],
    ['xl/styles.xml', styles],
  ];
};

export const sheetPart = 'xl/worksheets/sheet1.xml';

/** Writes the rows of a sheet as XML, numbered from 1 (the header). */
export class SheetXml {
  private readonly letters: string[];
  private rowNumber = 0;

  constructor(private readonly columns: readonly SheetColumn[]) {
    this.letters = columns.map((_, i) => columnLetters(i));
  }

  /** The sheet's start: the column widths and the bold header row. */
  head() {
    const cols = this.columns.map((c, i) => `<col min="${String(i + 1)}" max="${String(i + 1)}" width="${String(c.width)}" customWidth="1"/>`).join('');
    const header = this.row(
      this.columns.map((c) => c.header),
      'header',
    );
    return `${xmlHead}<worksheet xmlns="${mainNs}" xmlns:r="${relationshipNs}"><cols>${cols}</cols><sheetData>${header}`;
  }

  /** A row of cells: text inline, numbers as numbers, null and '' as no cell at all; the header row bold throughout. */
  row(values: readonly CellValue[], style?: 'header') {
    const r = String(++this.rowNumber);
    const cellStyle = style === 'header' ? ' s="1"' : '';
    let xml = `<row r="${r}"${style === 'header' ? ' s="1" customFormat="1"' : ''}>`;
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      if (value === null || value === undefined) continue;
      if (typeof value === 'number' && Number.isFinite(value)) {
        xml += `<c r="${this.letters[i]!}${r}"${cellStyle}><v>${String(value)}</v></c>`;
        continue;
      }
      const text = xmlText(String(value));
      if (text === '') continue;
      // without xml:space a reader drops the spaces at either end
      const space = isXmlSpace(text.charCodeAt(0)) || isXmlSpace(text.charCodeAt(text.length - 1)) ? ' xml:space="preserve"' : '';
      xml += `<c r="${this.letters[i]!}${r}"${cellStyle} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
    }
    return `${xml}</row>`;
  }

  static readonly tail = '</sheetData></worksheet>';
}
