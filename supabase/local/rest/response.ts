/**
 * The HTTP side of PostgREST's answers: Content-Range and the status it implies (200, 206, 416),
 * the headers every response carries, and error responses.
 */
import { RestError } from './errors.ts';
import { contentTypeOf, type MediaChoice } from './query.ts';

/** `Content-Range: lower-upper/total`, with `*` for an empty range or an unknown total. */
export function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total ?? '*'}`;
}

/**
 * A read's status and Content-Range: 206 when a known total is more than this page, 416 when the
 * offset lies beyond the total.
 */
export function readRange(offset: number, pageTotal: number, total: number | null): { status: number; range: string } {
  const upper = offset + pageTotal - 1;
  const range = contentRange(offset, upper, total);
  if (total === null) return { status: 200, range };
  if (offset > total) return { status: 416, range };
  if (1 + upper - offset < total) return { status: 206, range };
  return { status: 200, range };
}

export function outOfRange(offset: number, total: number | null): RestError {
  return new RestError(416, 'PGRST103', 'Requested range not satisfiable', {
    details: `An offset of ${offset} was requested, but there are only ${total ?? 0} rows.`,
  });
}

export interface SuccessOptions {
  status: number;
  /** The JSON text, or null for no body. */
  body: string | null;
  media: MediaChoice;
  headers?: Record<string, string | undefined>;
}

export function success({ status, body, media, headers = {} }: SuccessOptions): Response {
  const all = new Headers();
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) all.set(name, value);
  if (body !== null) all.set('content-type', contentTypeOf(media));
  return new Response(status === 204 || body === null ? null : body, { status, headers: all });
}

export function errorResponse(error: RestError): Response {
  return new Response(JSON.stringify(error.toBody()), {
    status: error.status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'proxy-status': `PostgREST; error=${error.code}`,
      ...error.headers,
    },
  });
}
