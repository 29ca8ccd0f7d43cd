// The fixed parts of an XLSX file with one worksheet (SpreadsheetML, ECMA-376): the package's
// content types and relationships, the workbook, the styles (number formats, a bold header) and the
// worksheet's opening and closing around its rows. Small templates: the rows are written by
// xlsx.ts as they stream; these parts are written once.

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

export const SHEET_PATH = 'xl/worksheets/sheet1.xml';

// Characters XML 1.0 cannot carry at all (C0 controls but tab, line feed and carriage return; DEL;
// lone surrogate halves — with the `u` flag a valid pair is one code point and does not match;
// U+FFFE and U+FFFF). Dropped, as Excel would refuse the file.
// eslint-disable-next-line no-control-regex -- control characters are what this drops
const FORBIDDEN = /[\0-\x08\x0B\x0C\x0E-\x1F\x7F\uD800-\uDFFF\uFFFE\uFFFF]/gu;
// Excel reads `_xHHHH_` in a string as an escaped character: a literal one gets its `_` escaped.
const EXCEL_ESCAPE = /_(?=x[0-9a-f]{4}_)/gi;
const MARKUP = /[&<>"]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/**
 * Whether a text may need any of the above (most do not, and are written as they are). No `u` or `i`
 * flag: those made this test, run on every text cell, several times slower; a surrogate pair or a `_x` without
 * the rest of the pattern only takes the longer path, which leaves them as they are.
 */
// eslint-disable-next-line no-control-regex -- as FORBIDDEN
const MAY_NEED_WORK = /[&<>"\0-\x08\x0B\x0C\x0E-\x1F\x7F\uD800-\uDFFF\uFFFE\uFFFF]|_[xX]/;

/** Text as XML character data or an attribute value, read back by Excel as the same text. */
export function xmlText(text: string): string {
  if (!MAY_NEED_WORK.test(text)) return text;
  return text
    .replace(FORBIDDEN, '')
    .replace(EXCEL_ESCAPE, '_x005F_')
    .replace(MARKUP, (c) => ENTITIES[c] ?? c);
}

/** `A`…`Z`, `AA`… for a 0-based column index. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export const CONTENT_TYPES =
  `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  `<Override PartName="/xl/workbook.xml" ContentType="${CONTENT_TYPE}.sheet.main+xml"/>` +
  `<Override PartName="/${SHEET_PATH}" ContentType="${CONTENT_TYPE}.worksheet+xml"/>` +
  `<Override PartName="/xl/styles.xml" ContentType="${CONTENT_TYPE}.styles+xml"/>` +
  '</Types>';

export const PACKAGE_RELS =
  `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

export const WORKBOOK_RELS =
  `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/>` +
  '</Relationships>';

/** The workbook: its one sheet, and the name Excel gives a sheet's filtered range (`ref` as `$A$1:$V$9`). */
export function workbookXml(sheetName: string, filterRef: string): string {
  const quoted = `'${sheetName.replace(/'/g, "''")}'`;
  return (
    `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<bookViews><workbookView/></bookViews>' +
    `<sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets>` +
    `<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">${xmlText(`${quoted}!${filterRef}`)}</definedName></definedNames>` +
    '</workbook>'
  );
}

/** Cell style 0 is plain, 1 the bold header; 2… one per number format, in `formats`' order. */
export const HEADER_STYLE = 1;
export const FIRST_FORMAT_STYLE = 2;
/** Custom number formats are numbered from 164 (below are Excel's built-in ones). */
const FIRST_CUSTOM_FORMAT = 164;

const XF = 'fontId="0" fillId="0" borderId="0" xfId="0"';

/** The styles: Calibri 11, a bold variant for the header, and one cell style per number format code. */
export function stylesXml(formats: readonly string[]): string {
  const numFmts = formats.map((code, i) => `<numFmt numFmtId="${FIRST_CUSTOM_FORMAT + i}" formatCode="${xmlText(code)}"/>`).join('');
  const formatXfs = formats.map((_, i) => `<xf numFmtId="${FIRST_CUSTOM_FORMAT + i}" ${XF} applyNumberFormat="1"/>`).join('');
  return (
    `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
    `<numFmts count="${formats.length}">${numFmts}</numFmts>` +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${FIRST_FORMAT_STYLE + formats.length}"><xf numFmtId="0" ${XF}/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>${formatXfs}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>'
  );
}

/** The worksheet up to its first row: the header frozen in place, the columns' widths (in characters). */
export function sheetHead(widths: readonly number[]): string {
  const cols = widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('');
  return (
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>`
  );
}

/** The worksheet after its last row: the header's filter buttons over `ref` (`A1:V9`). */
export function sheetTail(ref: string): string {
  return `</sheetData><autoFilter ref="${ref}"/><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`;
}
