// ExcelJS's sheet parser, used without its WorkbookReader (see readExcelRecords): it ships no types of its own.
declare module 'exceljs/lib/stream/xlsx/worksheet-reader.js' {
  import type { Row } from 'exceljs';

  export interface WorksheetReaderOptions {
    /** What the parser reads of the workbook: the shared-strings table (indexed), styles and properties. */
    workbook: {
      sharedStrings: ArrayLike<unknown>;
      styles: { getStyleModel(id: number): unknown };
      properties: { model?: { date1904?: boolean } };
    };
    id: number;
    /** The sheet's XML, as text or UTF-8 bytes. */
    iterator: AsyncIterable<string | Uint8Array>;
    options: { worksheets: 'emit'; hyperlinks: 'ignore' };
  }

  export default class WorksheetReader implements AsyncIterable<Row> {
    constructor(options: WorksheetReaderOptions);
    [Symbol.asyncIterator](): AsyncIterator<Row>;
  }
}
