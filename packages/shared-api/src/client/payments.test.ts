import { CsvRecordCounter, newIdempotencyKey } from './payments';

/** Feeds `text` to a counter in pieces of `size` characters, as a stream's chunks arrive. */
function countInChunks(text: string, size: number): CsvRecordCounter {
  const counter = new CsvRecordCounter();
  for (let i = 0; i < text.length; i += size) counter.push(text.slice(i, i + size));
  return counter;
}

const FILE =
  '"Name","Note"\r\n' +
  '"Ann","plain"\r\n' +
  '"Bob","two\r\nlines"\r\n' +
  '"Cy","a ""quoted"" word, and a comma"\r\n' +
  '"Di","""\n"""\r\n';

describe('CsvRecordCounter (export progress)', () => {
  it('counts records, not the line breaks inside quoted cells, however the stream is cut', () => {
    for (const size of [1, 2, 3, 5, 7, FILE.length]) {
      const counter = countInChunks(FILE, size);
      expect(counter.records).toBe(5);
      expect(counter.endsCleanly).toBe(true);
    }
  });

  it('knows a file cut inside a cell or before its last line break is not whole', () => {
    expect(countInChunks(FILE.slice(0, FILE.indexOf('lines')), 4).endsCleanly).toBe(false);
    expect(countInChunks(FILE.slice(0, -1), 4).endsCleanly).toBe(false);
    expect(countInChunks('', 4).endsCleanly).toBe(false);
  });
});

describe('newIdempotencyKey', () => {
  it('makes a fresh version 4 UUID each time, which the server accepts as an id', () => {
    const keys = Array.from({ length: 200 }, newIdempotencyKey);
    for (const k of keys) expect(k).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
