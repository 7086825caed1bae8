/**
 * Request bodies, read as GoTrue reads them: JSON into a typed shape, unknown fields ignored, a
 * missing or null string field taken as empty, and anything unparseable a 400 `bad_json`.
 */
import { z } from 'zod';
import { badRequest } from './errors.ts';

/** A string field; absent or null reads as '' (Go's zero value). */
export const text = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

/** A string field whose absence matters (e.g. a password that is not being changed). */
export const optionalText = z.string().nullish();

/** A metadata object (`data`, `user_metadata`, `app_metadata`); absent or null reads as null. */
export const metadata = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((value) => value ?? null);

export const flag = z
  .boolean()
  .nullish()
  .transform((value) => value ?? false);

function describe(issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join('.');
  return field ? `field "${field}": ${issue.message}` : issue.message;
}

/** Parses a JSON body into the schema's shape; throws GoTrue's 400 `bad_json` if it does not fit. */
export function parseJson<S extends z.ZodType>(body: string, schema: S): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    const reason = body.trim() === '' ? 'unexpected end of JSON input' : (error as Error).message;
    throw badRequest('bad_json', `Could not parse request body as JSON: ${reason}`);
  }
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest('bad_json', `Could not parse request body as JSON: ${issue ? describe(issue) : 'unexpected shape'}`);
  }
  return parsed.data;
}

export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  return parseJson(await request.text(), schema);
}
