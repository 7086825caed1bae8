/**
 * Database errors of an admin write, as what the admin should be told: a row that is not there
 * is a 404, a name that is taken or a row still in use a 409, a field that names something that
 * does not exist or does not fit a 400 naming the field. Anything else is the shop's fault: a
 * plain Error, which the endpoint answers with a generic 500 and logs with its cause.
 */
import type { PostgrestError } from '@supabase/supabase-js';
import { FieldError } from './admin.ts';
import { HttpError } from './http.ts';

export interface WriteSubject {
  /** 'Product', 'Category', …: '<label> not found'. */
  label: string;
  /** The table written, to read column names out of its constraint names. */
  table: string;
  /** The 409 message for a unique violation; undefined lets the database's message through. */
  taken?: (error: PostgrestError) => string | undefined;
}

// The migrations' triggers and functions start their messages with the field: 'category_ids: …'.
const FIELD_FIRST = /^([a-z_]+): /;
const MISSING_KEY = /^Key \((\w+)\)=\(([^)]*)\) is not present in table "(\w+)"/;
const CONSTRAINT = /constraint "(\w+)"/;
const NOT_NULL = /null value in column "(\w+)"/;

const SINGULAR: Record<string, string> = {
  categories: 'category',
  subcategories: 'subcategory',
  products: 'product',
  writers: 'writer',
  blogs: 'blog',
  quizzes: 'quiz',
  platforms: 'platform',
};

/** Codes whose errors are about the values written (integrity and data exceptions). */
const BAD_VALUE = /^(23|22)/;

export function writeFailure(error: PostgrestError, subject: WriteSubject): Error {
  if (error.code === 'P0002' || error.code === 'PGRST116') return new HttpError(404, `${subject.label} not found`);
  if (error.code === '23505') return new HttpError(409, subject.taken?.(error) ?? error.message);
  if (error.code === '2BP01') return new HttpError(409, error.hint ? `${error.message}. ${error.hint}` : error.message);
  if (!BAD_VALUE.test(error.code)) return new Error(`${subject.table}: write failed`, { cause: error });

  const field = FIELD_FIRST.exec(error.message)?.[1];
  if (field) return new FieldError(field, error.message);
  const missing = MISSING_KEY.exec(error.details ?? '');
  if (missing) {
    const [, column = '', value = '', table = ''] = missing;
    return new FieldError(column, `${column}: no ${SINGULAR[table] ?? table} has the id ${value}`);
  }
  const column = NOT_NULL.exec(error.message)?.[1] ?? columnOfConstraint(error.message, subject.table);
  if (column) return new FieldError(column, `${column}: the value is not valid`);
  return new HttpError(400, error.message);
}

/** 'products_price_check' → 'price'. */
function columnOfConstraint(message: string, table: string): string | undefined {
  const name = CONSTRAINT.exec(message)?.[1];
  if (!name?.startsWith(`${table}_`)) return undefined;
  return name.slice(table.length + 1).replace(/_(check|fkey|key)$/, '') || undefined;
}
