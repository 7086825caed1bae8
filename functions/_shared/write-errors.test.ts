import type { PostgrestError } from '@supabase/supabase-js';
import { describe, expect, test } from 'vitest';
import { FieldError } from './admin.ts';
import { HttpError } from './http.ts';
import { writeFailure, type WriteSubject } from './write-errors.ts';

const BLOG: WriteSubject = { label: 'Blog', table: 'blogs' };
const ID = '0b6c2a34-5d1e-4f7a-9c3b-2e8d4f6a1b0c';

const pgError = (code: string, message: string, extra: Partial<PostgrestError> = {}): PostgrestError =>
  ({ code, message, details: '', hint: '', name: 'PostgrestError', ...extra }) as PostgrestError;

/** What the caller is told: the status, the message and the field, or 500 for the shop's own faults. */
function told(error: Error) {
  if (error instanceof FieldError) return { status: error.status, message: error.message, field: error.field };
  if (error instanceof HttpError) return { status: error.status, message: error.message };
  return { status: 500 };
}

describe('writeFailure', () => {
  test('a row that is not there is a 404 naming the subject', () => {
    expect(told(writeFailure(pgError('P0002', 'Blog not found'), BLOG))).toEqual({ status: 404, message: 'Blog not found' });
    expect(told(writeFailure(pgError('PGRST116', 'JSON object requested, multiple (or no) rows returned'), BLOG))).toEqual({ status: 404, message: 'Blog not found' });
  });

  test('a taken name is a 409 in the subject\'s words', () => {
    const subject = { ...BLOG, taken: () => 'A blog named Gifts already exists' };
    const error = pgError('23505', 'duplicate key value violates unique constraint "blogs_title_key"');
    expect(told(writeFailure(error, subject))).toEqual({ status: 409, message: 'A blog named Gifts already exists' });
  });

  test('a row still in use is a 409 with the hint', () => {
    const error = pgError('2BP01', 'Etsy is still used by the affiliate links of 3 products', { hint: 'Remove those links first.' });
    expect(told(writeFailure(error, BLOG))).toEqual({ status: 409, message: 'Etsy is still used by the affiliate links of 3 products. Remove those links first.' });
  });

  test('a message that starts with a field is a 400 for that field', () => {
    const error = pgError('23514', `category_id: ${ID} is not a blog category`);
    expect(told(writeFailure(error, BLOG))).toEqual({ status: 400, message: `category_id: ${ID} is not a blog category`, field: 'category_id' });
  });

  test('a foreign key to nothing is a 400 naming the column and what it should name', () => {
    const error = pgError('23503', 'insert or update on table "blogs" violates foreign key constraint "blogs_writer_id_fkey"', {
      details: `Key (writer_id)=(${ID}) is not present in table "writers".`,
    });
    expect(told(writeFailure(error, BLOG))).toEqual({ status: 400, message: `writer_id: no writer has the id ${ID}`, field: 'writer_id' });
  });

  test('a check or not-null violation is a 400 naming the column', () => {
    const check = pgError('23514', 'new row for relation "blogs" violates check constraint "blogs_image_url_check"');
    expect(told(writeFailure(check, BLOG))).toMatchObject({ status: 400, field: 'image_url' });
    const notNull = pgError('23502', 'null value in column "title" of relation "blogs" violates not-null constraint');
    expect(told(writeFailure(notNull, BLOG))).toMatchObject({ status: 400, field: 'title' });
  });

  test('anything else is the shop\'s fault: a 500 with the cause kept for the log', () => {
    const error = writeFailure(pgError('42501', 'permission denied for table blogs'), BLOG);
    expect(told(error)).toEqual({ status: 500 });
    expect(error.cause).toMatchObject({ code: '42501' });
  });
});
