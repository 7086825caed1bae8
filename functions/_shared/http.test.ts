import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { clipText, FieldError, HttpError, isExactNumber, parseJsonBody, readJsonBody, respond, unstorableText } from './http.ts';

const post = (body: string) => new Request('http://localhost/api/x', { method: 'POST', body });

/** What the caller is told for a body: the status, the message and the field. */
async function told(body: string) {
  try {
    return { body: await readJsonBody(post(body)) };
  } catch (error) {
    if (error instanceof FieldError) return { status: error.status, error: error.message, field: error.field };
    if (error instanceof HttpError) return { status: error.status, error: error.message };
    throw error;
  }
}

describe('unstorableText', () => {
  test('text Postgres stores is fine: emoji, right-to-left, combining marks', () => {
    for (const text of ['🎁👩‍👩‍👧‍👦', 'مرحبا', 'e\u0301', '\u200B', '']) expect(unstorableText(text)).toBeUndefined();
  });

  test('the NUL character cannot be stored', () => {
    expect(unstorableText('a\u0000b')).toBe('text cannot contain the NUL character (\\u0000)');
  });

  test('half of a surrogate pair cannot be stored, at either end', () => {
    expect(unstorableText('x\uD83D')).toMatch(/half of a surrogate pair \(\\uD83D\) alone/);
    expect(unstorableText('\uDFFFx')).toMatch(/\\uDFFF/);
  });
});

describe('clipText', () => {
  test('cuts long text to the limit, and leaves short text as it is', () => {
    expect(clipText('prices.csv', 200)).toBe('prices.csv');
    expect(clipText('abcdef', 4)).toBe('abcd');
  });

  test('never cuts an emoji in half: what it leaves can be stored', () => {
    const name = `${'a'.repeat(199)}🎁.csv`;
    expect(clipText(name, 200)).toBe('a'.repeat(199));
    expect(unstorableText(clipText(name, 200))).toBeUndefined();
    expect(clipText(name, 201)).toBe(`${'a'.repeat(199)}🎁`);
  });
});

describe('isExactNumber', () => {
  test('a literal means its number however it is written', () => {
    expect(isExactNumber('149.5', 149.5)).toBe(true);
    expect(isExactNumber('149.50', 149.5)).toBe(true);
    expect(isExactNumber('1E2', 100)).toBe(true);
    expect(isExactNumber('0.1e1', 1)).toBe(true);
    expect(isExactNumber('-0', -0)).toBe(true);
    expect(isExactNumber('0.30000000000000004', 0.1 + 0.2)).toBe(true);
  });

  test('digits JSON.parse rounds away, and numbers it makes infinite, are not exact', () => {
    expect(isExactNumber('12.3400000000000000001', 12.34)).toBe(false);
    expect(isExactNumber('9007199254740993', 9007199254740992)).toBe(false);
    expect(isExactNumber('1e400', Infinity)).toBe(false);
  });
});

describe('readJsonBody', () => {
  test('returns the parsed body', async () => {
    expect(await told('{"name":"Lamp 🎁","price":12.5}')).toEqual({ body: { name: 'Lamp 🎁', price: 12.5 } });
  });

  test('malformed JSON is a 400, a body over 1 MB a 413', async () => {
    expect(await told('{"name":')).toEqual({ status: 400, error: 'Request body is not valid JSON' });
    expect(await told(`"${'x'.repeat(1_000_000)}"`)).toMatchObject({ status: 413 });
  });

  test('text with a NUL anywhere is a 400 naming its field, however deep', async () => {
    expect(await told('{"media_urls":[{"type":"image","url":"/a\\u0000.png"}]}')).toEqual({
      status: 400, error: 'media_urls.0.url: text cannot contain the NUL character (\\u0000)', field: 'media_urls.0.url',
    });
  });

  test('half a surrogate pair is a 400 naming its field', async () => {
    expect(await told('{"name":"Lamp \\ud83c"}')).toMatchObject({ status: 400, field: 'name' });
  });

  test('a field name Postgres cannot store is a 400 naming it', async () => {
    expect(await told('{"na\\u0000me":"Lamp"}')).toMatchObject({ status: 400, field: 'na\u0000me' });
  });

  test('a number written with more digits than it keeps is refused, not rounded', async () => {
    expect(await told('{"price":12.3400000000000000001}')).toEqual({
      status: 400, error: 'price: the number 12.3400000000000000001 cannot be stored exactly (it would become 12.34)', field: 'price',
    });
    expect(await told('{"price":1e400}')).toMatchObject({ status: 400, field: 'price', error: expect.stringContaining('it would become Infinity') });
    expect(await told('{"price":1.50}')).toEqual({ body: { price: 1.5 } });
  });

  test('a body nesting deeper than 32 levels is a 400, and deeper ones do not overflow the stack', async () => {
    expect(await told(`${'['.repeat(33)}${']'.repeat(33)}`)).toEqual({ status: 400, error: 'The request body nests deeper than 32 levels' });
    expect(await told(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toMatchObject({ status: 400 });
  });
});

describe('the size of a body', () => {
  test('counts bytes, not characters: a megabyte of three-byte characters is refused', async () => {
    expect(await told(JSON.stringify({ name: '€'.repeat(400_000) }))).toEqual({ status: 413, error: 'Request body is larger than 1 MB' });
  });

  test('a body just under the limit in bytes is read', async () => {
    const answer = await told(JSON.stringify({ name: '€'.repeat(300_000) }));
    expect((answer.body as { name: string }).name).toHaveLength(300_000);
  });
});

describe('answers', () => {
  test('parseJsonBody names the field of the first problem', async () => {
    const schema = z.object({ id: z.uuid() });
    await expect(parseJsonBody(post('{"id":"x"}'), schema)).rejects.toMatchObject({ status: 400, field: 'id' });
  });

  test('respond answers a FieldError with { error, field }, other HttpErrors with { error }', async () => {
    const field = await respond('t', () => Promise.reject(new FieldError('price', 'Price cannot be negative')));
    expect([field.status, await field.json()]).toEqual([400, { error: 'Price cannot be negative', field: 'price' }]);
    const plain = await respond('t', () => Promise.reject(new HttpError(405, 'Use POST')));
    expect([plain.status, await plain.json()]).toEqual([405, { error: 'Use POST' }]);
  });
});
