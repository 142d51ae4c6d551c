import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { csvCell, csvRow, neutralise } from './csv';

const BOM = '\uFEFF';

/** What a spreadsheet (here csv-parse) reads back from bytes written as the export writes them. */
const readBack = (text: string): string[][] => parse(Buffer.from(BOM + text, 'utf8'), { bom: true });

describe('csvCell', () => {
  it('quotes every cell, text or number', () => {
    expect(csvCell('abc')).toBe('"abc"');
    expect(csvCell('')).toBe('""');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell('a, b')).toBe('"a, b"');
  });

  it('doubles embedded quotes', () => {
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('"')).toBe('""""');
  });

  it('keeps line breaks inside the quotes', () => {
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
  });

  it.each(['=', '+', '-', '@', '\t', '\r'])('neutralises a cell starting with %j', (start) => {
    const formula = `${start}HYPERLINK("http://evil.example","x")`;
    expect(csvCell(formula)).toBe(`"'${formula.replace(/"/g, '""')}"`);
    expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
  });

  it('leaves plain numbers and inner formula characters alone', () => {
    expect(csvCell(12.5)).toBe('"12.5"');
    expect(csvCell('12.50')).toBe('"12.50"');
    expect(csvCell(0)).toBe('"0"');
    expect(csvCell('-3.25')).toBe('"-3.25"');
    expect(csvCell(-7)).toBe('"-7"');
    expect(csvCell('+44')).toBe('"+44"');
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell('user@example.com')).toBe('"user@example.com"');
    expect(csvCell(' =1')).toBe('" =1"');
  });

  it('still neutralises a number-like cell that carries more', () => {
    expect(csvCell('-1+1')).toBe(`"'-1+1"`);
    expect(csvCell('+1e3')).toBe(`"'+1e3"`);
    expect(csvCell('-')).toBe(`"'-"`);
  });
});

describe('csvRow', () => {
  it('joins quoted cells with commas and ends with CRLF', () => {
    expect(csvRow(['a', 1, null, '=x'])).toBe('"a","1","","\'=x"\r\n');
  });

  // Every character a cell can hold, with the ones CSV and spreadsheets treat specially made common.
  const special = fc.constantFrom('"', ',', '\r', '\n', '\r\n', '=', '+', '-', '@', '\t', "'", ' ', '\uFEFF', ';');
  const cell = fc.string({ unit: fc.oneof(special, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })) });

  it('round-trips any row through a CSV parser (the formula prefix aside)', () => {
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 12 }), (cells) => {
        expect(readBack(csvRow(cells))).toEqual([cells.map(neutralise)]);
      }),
      { numRuns: 500 },
    );
  });

  it('round-trips many rows of the same width', () => {
    const rows = fc
      .integer({ min: 1, max: 6 })
      .chain((width) =>
        fc.array(fc.array(cell, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 20 }),
      );
    fc.assert(
      fc.property(rows, (table) => {
        expect(readBack(table.map(csvRow).join(''))).toEqual(table.map((r) => r.map(neutralise)));
      }),
      { numRuns: 200 },
    );
  });

  it('neutralised cells read back as text with the quote the spreadsheet hides', () => {
    fc.assert(
      fc.property(fc.constantFrom('=', '+', '-', '@', '\t', '\r'), fc.string({ minLength: 1 }), (start, rest) => {
        const text = `${start}${rest}x`;
        expect(readBack(csvRow([text]))).toEqual([[`'${text}`]]);
      }),
    );
  });
});
