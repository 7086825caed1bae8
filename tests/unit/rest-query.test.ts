import { describe, expect, test } from 'vitest';
import { bracketDepth, checkBodyNesting, jsonDepth, MAX_VALUE_NESTING, RestError, statusForSqlState } from '../../supabase/local/rest/errors.ts';
import {
  negotiateMedia, parsePreferences, parseQueryParams, parseTarget, topLevelRange,
} from '../../supabase/local/rest/query.ts';
import { contentRange, readRange } from '../../supabase/local/rest/response.ts';
import { arrayLiteral } from '../../supabase/local/rest/sql.ts';

const headers = (init: Record<string, string> = {}) => new Headers(init);

function failure(run: () => unknown): RestError {
  try {
    run();
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error('expected an error');
}

describe('paths', () => {
  test('names a table, a function or the root', () => {
    expect(parseTarget('/rest/v1/products')).toEqual({ kind: 'relation', name: 'products' });
    expect(parseTarget('/rest/v1/rpc/like_product')).toEqual({ kind: 'routine', name: 'like_product' });
    expect(parseTarget('/rest/v1/')).toBe('root');
  });

  test('any deeper path is PGRST125', () => {
    expect(failure(() => parseTarget('/rest/v1/products/1')).code).toBe('PGRST125');
  });
});

describe('query parameters', () => {
  test('sorts filters, embedded filters, logic, order and ranges', () => {
    const params = parseQueryParams(new URLSearchParams(
      'select=id,subcategories(name)&price=gte.5&subcategories.name=like.A*&or=(a.eq.1,b.eq.2)&order=id.desc&limit=10&offset=20&subcategories.limit=2',
    ), false);
    expect(params.filters.map((f) => [f.path, f.filter.field.name])).toEqual([[[], 'price'], [['subcategories'], 'name']]);
    expect(params.logic).toHaveLength(1);
    expect(params.order[0]?.terms[0]).toMatchObject({ direction: 'desc' });
    expect(params.ranges.get('')).toEqual({ offset: 20, limit: 10 });
    expect(params.ranges.get('subcategories')).toEqual({ offset: 0, limit: 2 });
  });

  test('on GET /rpc a value that is not an operator expression is an argument', () => {
    const params = parseQueryParams(new URLSearchParams('search_query=lamp&rank=gt.0.5&result_limit=5'), true);
    expect(params.rpcArgs).toEqual([['search_query', 'lamp'], ['result_limit', '5']]);
    expect(params.filters.map((f) => f.filter.field.name)).toEqual(['rank']);
  });

  test('a malformed filter on a table is PGRST100', () => {
    expect(failure(() => parseQueryParams(new URLSearchParams('price=5'), false)).code).toBe('PGRST100');
  });

  test('a negative limit is PGRST103', () => {
    const error = failure(() => parseQueryParams(new URLSearchParams('limit=-1'), false));
    expect([error.status, error.code]).toEqual([416, 'PGRST103']);
  });

  test('the apikey query parameter is not a filter', () => {
    expect(parseQueryParams(new URLSearchParams('apikey=abc'), false).filters).toEqual([]);
  });
});

describe('Range header', () => {
  const params = (query: string) => parseQueryParams(new URLSearchParams(query), false);

  test('applies to GET and meets limit/offset', () => {
    expect(topLevelRange(params(''), headers({ range: '5-9' }), 'GET')).toEqual({ offset: 5, limit: 5 });
    expect(topLevelRange(params('limit=3'), headers({ range: '0-9' }), 'GET')).toEqual({ offset: 0, limit: 3 });
    expect(topLevelRange(params(''), headers({ range: '10-' }), 'GET')).toEqual({ offset: 10, limit: null });
  });

  test('is ignored on other methods', () => {
    expect(topLevelRange(params(''), headers({ range: '5-9' }), 'HEAD')).toEqual({ offset: 0, limit: null });
  });

  test('a range ending before it starts is PGRST103', () => {
    const error = failure(() => topLevelRange(params(''), headers({ range: '9-5' }), 'GET'));
    expect([error.status, error.code]).toEqual([416, 'PGRST103']);
  });
});

describe('Prefer', () => {
  test('reads several preferences, the first of each kind winning', () => {
    const prefs = parsePreferences(headers({ prefer: 'return=representation, count=exact,return=minimal, missing=default' }));
    expect(prefs).toMatchObject({ return: 'representation', count: 'exact', missing: 'default', invalid: [] });
  });

  test('unknown preferences are refused only with handling=strict', () => {
    expect(parsePreferences(headers({ prefer: 'bogus' })).invalid).toEqual(['bogus']);
    const error = failure(() => parsePreferences(headers({ prefer: 'handling=strict, bogus' })));
    expect([error.status, error.code, error.details]).toEqual([400, 'PGRST122', 'Invalid preferences: bogus']);
  });
});

describe('Accept', () => {
  test('application/json and */* give arrays; the vendor type gives one object', () => {
    expect(negotiateMedia(null)).toEqual({ shape: 'array', stripNulls: false });
    expect(negotiateMedia('*/*')).toEqual({ shape: 'array', stripNulls: false });
    expect(negotiateMedia('application/vnd.pgrst.object+json')).toEqual({ shape: 'object', stripNulls: false });
    expect(negotiateMedia('application/vnd.pgrst.array+json;nulls=stripped')).toEqual({ shape: 'array', stripNulls: true });
  });

  test('picks the best acceptable type by quality', () => {
    expect(negotiateMedia('text/html, application/vnd.pgrst.object+json;q=0.9')).toEqual({ shape: 'object', stripNulls: false });
  });

  test('nothing acceptable is PGRST107', () => {
    const error = failure(() => negotiateMedia('text/csv'));
    expect([error.status, error.code, error.message]).toEqual([406, 'PGRST107', 'None of these media types are available: text/csv']);
  });
});

describe('Content-Range and status', () => {
  test('formats ranges and unknown totals as PostgREST does', () => {
    expect(contentRange(0, 9, null)).toBe('0-9/*');
    expect(contentRange(0, -1, null)).toBe('*/*');
    expect(contentRange(0, 4, 0)).toBe('*/0');
  });

  test('a page of a larger known total is 206; past the end is 416', () => {
    expect(readRange(0, 2, 5)).toEqual({ status: 206, range: '0-1/5' });
    expect(readRange(0, 5, 5)).toEqual({ status: 200, range: '0-4/5' });
    expect(readRange(10, 0, 5).status).toBe(416);
    expect(readRange(0, 3, null)).toEqual({ status: 200, range: '0-2/*' });
  });
});

describe('SQLSTATE to HTTP status', () => {
  test('maps constraint, permission and lookup errors as PostgREST does', () => {
    expect(statusForSqlState('23505', '', true)).toBe(409);
    expect(statusForSqlState('23503', '', true)).toBe(409);
    expect(statusForSqlState('23502', '', true)).toBe(400);
    expect(statusForSqlState('42501', '', false)).toBe(401);
    expect(statusForSqlState('42501', '', true)).toBe(403);
    expect(statusForSqlState('42883', '', true)).toBe(404);
    expect(statusForSqlState('P0001', '', true)).toBe(400);
    expect(statusForSqlState('P0002', '', true)).toBe(500);
    expect(statusForSqlState('40001', '', true)).toBe(500);
    expect(statusForSqlState('25006', '', true)).toBe(405);
    expect(statusForSqlState('08006', '', true)).toBe(503);
  });

  test('a program limit exceeded by the request is the caller\'s 400, not a 500', () => {
    expect(statusForSqlState('54000', 'number of array dimensions exceeds the maximum allowed (6)', true)).toBe(400);
    expect(statusForSqlState('54001', 'stack depth limit exceeded', true)).toBe(400);
    expect(statusForSqlState('XX000', 'tsquery stack too small', false)).toBe(400);
    expect(statusForSqlState('XX000', 'could not open file', false)).toBe(500);
  });

  test('a write to a view Postgres cannot write through is 405', () => {
    expect(statusForSqlState('55000', 'cannot insert into view "analytics"', false)).toBe(405);
    expect(statusForSqlState('55000', 'cannot delete from view "analytics"', true)).toBe(405);
    expect(statusForSqlState('55000', 'lock not available', true)).toBe(500);
  });
});

describe('nesting limits', () => {
  test('bracketDepth counts (, [ and { together, and stray closers do not go below zero', () => {
    expect(bracketDepth('a.eq.1')).toBe(0);
    expect(bracketDepth('or(a.eq.1,and(b.eq.[1,{2}]))')).toBe(4);
    expect(bracketDepth(')))(((')).toBe(3);
  });

  test('jsonDepth walks without recursion, so any depth is measured', () => {
    let deep: unknown[] = [];
    for (let i = 1; i < 100_000; i++) deep = [deep];
    expect(jsonDepth(deep)).toBe(100_000);
    expect(jsonDepth({ a: [1, { b: 2 }] })).toBe(3);
    expect(jsonDepth('text')).toBe(0);
  });

  test(`a query value nesting brackets deeper than ${MAX_VALUE_NESTING} levels is PGRST100`, () => {
    const deep = `${'('.repeat(MAX_VALUE_NESTING + 1)}a${')'.repeat(MAX_VALUE_NESTING + 1)}`;
    const error = failure(() => parseQueryParams(new URLSearchParams({ name: `match.${deep}` }), false));
    expect(error).toMatchObject({ status: 400, code: 'PGRST100' });
    expect(() => parseQueryParams(new URLSearchParams({ name: `match.${'('.repeat(MAX_VALUE_NESTING)}` }), false)).not.toThrow();
  });

  test(`a JSON body nesting deeper than ${MAX_VALUE_NESTING} levels is PGRST102`, () => {
    let deep: unknown[] = [];
    for (let i = 1; i < MAX_VALUE_NESTING; i++) deep = [deep];
    expect(failure(() => checkBodyNesting({ questions: deep }))).toMatchObject({ status: 400, code: 'PGRST102' });
    expect(() => checkBodyNesting(deep)).not.toThrow();
  });
});

describe('array literals for in()', () => {
  test('quote every value and escape quotes and backslashes', () => {
    expect(arrayLiteral(['a', 'b,c', 'say "hi"', 'back\\slash'])).toBe('{"a","b,c","say \\"hi\\"","back\\\\slash"}');
  });
});
