import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { NOT_TEXT, readCsv, TOO_LARGE } from './read.ts';

const streamOf = (...chunks: Array<string | Buffer>) => Readable.from(chunks.map((c) => Buffer.from(c)));
const all = async (body: Readable, options = {}) => {
  const lines = [];
  for await (const line of readCsv(body, options)) lines.push(line);
  return lines;
};

describe('reading a price file', () => {
  test('records come with the line they are on; empty lines are skipped and the BOM dropped', async () => {
    const lines = await all(streamOf('\uFEFFproduct_id,platform\n', 'a,"b, c"\n\n', 'd,e\n'));
    expect(lines).toEqual([
      { line: 1, cells: ['product_id', 'platform'] },
      { line: 2, cells: ['a', 'b, c'] },
      { line: 4, cells: ['d', 'e'] },
    ]);
  });

  test('a gzip-compressed body is read uncompressed', async () => {
    expect(await all(Readable.from([gzipSync('a,b\n1,2\n')]), { gzip: true })).toEqual([
      { line: 1, cells: ['a', 'b'] }, { line: 2, cells: ['1', '2'] },
    ]);
  });

  test('a body that is not gzip, sent as gzip, is refused', async () => {
    await expect(all(streamOf('a,b\n'), { gzip: true })).rejects.toThrow('The file is not valid gzip');
  });

  // With a 2 MB limit, so the test does not parse 20 MB (tests/integration/functions-admin-prices.test.ts sends 50 MB against the real one).
  test('a file past the limit is refused while streaming: the rest of a 50 MB file is never read', { timeout: 30_000 }, async () => {
    let pulled = 0;
    const line = Buffer.from('00000000-0000-4000-8000-000000000000,Amazon,19.99,2026-03-01T00:00:00Z\n');
    const big = Readable.from((function* () {
      for (let sent = 0; sent < 50 * 1024 * 1024; sent += 64 * 1024) {
        pulled += 64 * 1024;
        yield Buffer.concat(Array(Math.ceil((64 * 1024) / line.length)).fill(line)).subarray(0, 64 * 1024);
      }
    })());
    const limit = 2 * 1024 * 1024;
    await expect(all(big, { maxBytes: limit })).rejects.toThrow(TOO_LARGE);
    expect(pulled).toBeLessThan(limit + 1024 * 1024);
  });

  test('the limit counts uncompressed bytes', async () => {
    const compressed = gzipSync(Buffer.alloc(4096, 'a,b\n'));
    await expect(all(Readable.from([compressed]), { gzip: true, maxBytes: 1024 })).rejects.toThrow(TOO_LARGE);
  });

  test('binary is not CSV text', async () => {
    await expect(all(streamOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))).rejects.toThrow(NOT_TEXT);
    await expect(all(streamOf('a,b\n1,\u0000\n'))).rejects.toThrow(NOT_TEXT);
  });

  test('broken quoting is not valid CSV, with the line', async () => {
    await expect(all(streamOf('a,b\n1,"open\n'))).rejects.toThrow(/The file is not valid CSV/);
  });
});
