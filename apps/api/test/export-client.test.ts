import { RecordCounter } from '../bench/export-client';

/** The benches' export client counts a file's records as a spreadsheet would read them. */
function count(chunks: string[]): number {
  const counter = new RecordCounter();
  for (const c of chunks) counter.push(Buffer.from(c));
  return counter.records;
}

describe("the benches' export client counts CSV records", () => {
  it('one per line end outside quotes', () => {
    expect(count(['"a","b"\r\n"1","2"\r\n"3","4"\r\n'])).toBe(3);
  });

  it('not a line break inside a quoted cell, nor a doubled quote', () => {
    expect(count(['"a","line\r\nbreak"\r\n"say ""hi""\n","x"\r\n'])).toBe(2);
  });

  it('whatever the chunks the socket cut the file into', () => {
    const file = '"h1","h2"\r\n"multi\nline","q""uote"\r\n"x","y"\r\n';
    for (let size = 1; size <= file.length; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < file.length; i += size) chunks.push(file.slice(i, i + size));
      expect(count(chunks)).toBe(3);
    }
  });
});
