import { describe, expect, test } from 'vitest';
import { RestError } from '../../supabase/local/rest/errors.ts';
import {
  parseColumns, parseFilterKey, parseFilterValue, parseLogicKey, parseLogicTree, parseOrder, parseSelect,
} from '../../supabase/local/rest/syntax.ts';

function parseFailure(run: () => unknown): RestError {
  try {
    run();
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error('expected a parse error');
}

describe('select', () => {
  test('reads columns, star and whitespace around items', () => {
    expect(parseSelect('id, name ,*')).toEqual([
      { kind: 'field', field: { name: 'id', jsonPath: [] }, alias: undefined, cast: undefined, aggregate: undefined },
      { kind: 'field', field: { name: 'name', jsonPath: [] }, alias: undefined, cast: undefined, aggregate: undefined },
      { kind: 'field', field: { name: '*', jsonPath: [] } },
    ]);
  });

  test('an empty select means every column', () => {
    expect(parseSelect('')).toEqual([]);
  });

  test('reads aliases and casts without mistaking :: for an alias', () => {
    expect(parseSelect('cost:price::text')).toMatchObject([{ alias: 'cost', cast: 'text', field: { name: 'price' } }]);
    expect(parseSelect('price::double precision')).toMatchObject([{ cast: 'double precision' }]);
  });

  test('reads JSON paths with keys and array indexes', () => {
    expect(parseSelect('media_urls->0->>url')).toMatchObject([{
      field: {
        name: 'media_urls',
        jsonPath: [{ arrow: '->', key: '0', index: true }, { arrow: '->>', key: 'url', index: false }],
      },
    }]);
  });

  test('reads embedded resources with alias, hint, inner join and nesting', () => {
    expect(parseSelect('title,author:writers!blogs_writer_id_fkey!inner(name,posts:blogs(title))')).toMatchObject([
      { kind: 'field', field: { name: 'title' } },
      {
        kind: 'embed', name: 'writers', alias: 'author', hint: 'blogs_writer_id_fkey', join: 'inner', spread: false,
        children: [{ kind: 'field', field: { name: 'name' } }, { kind: 'embed', name: 'blogs', alias: 'posts' }],
      },
    ]);
  });

  test('reads spreads and empty embeds', () => {
    expect(parseSelect('...categories(category:name),subcategories!inner()')).toMatchObject([
      { kind: 'embed', name: 'categories', spread: true, children: [{ alias: 'category' }] },
      { kind: 'embed', name: 'subcategories', join: 'inner', children: [] },
    ]);
  });

  test('marks aggregates so they can be refused', () => {
    expect(parseSelect('count()')).toMatchObject([{ aggregate: 'count' }]);
    expect(parseSelect('price.sum()')).toMatchObject([{ aggregate: 'sum', field: { name: 'price' } }]);
  });

  test('quoted names may hold any character', () => {
    expect(parseSelect('"weird, name"')).toMatchObject([{ field: { name: 'weird, name' } }]);
  });

  test('a malformed select is PGRST100 naming the parameter and column', () => {
    const error = parseFailure(() => parseSelect('id,,name'));
    expect(error.status).toBe(400);
    expect(error.code).toBe('PGRST100');
    expect(error.message).toBe('"failed to parse select parameter (id,,name)" (line 1, column 4)');
    expect(error.details).toContain('unexpected ","');
  });

  test('an unclosed embed is a parse error', () => {
    expect(parseFailure(() => parseSelect('id,categories(name')).code).toBe('PGRST100');
  });

  test('casts cannot smuggle SQL', () => {
    expect(parseFailure(() => parseSelect("price::text'")).code).toBe('PGRST100');
    expect(parseFailure(() => parseSelect('price::text)')).code).toBe('PGRST100');
    expect(parseFailure(() => parseSelect('price::$$x')).code).toBe('PGRST100');
  });
});

describe('filter values', () => {
  test('reads the comparison operators with the rest of the text as value', () => {
    expect(parseFilterValue('eq.a.b,c')).toEqual({ negated: false, operation: { kind: 'simple', operator: 'eq', value: 'a.b,c', quantifier: undefined } });
    expect(parseFilterValue('gte.5').operation).toMatchObject({ operator: 'gte', value: '5' });
    expect(parseFilterValue('neq.').operation).toMatchObject({ operator: 'neq', value: '' });
  });

  test('reads not., is., in. and quantifiers', () => {
    expect(parseFilterValue('not.is.null')).toEqual({ negated: true, operation: { kind: 'is', value: 'null' } });
    expect(parseFilterValue('is.TRUE').operation).toEqual({ kind: 'is', value: 'true' });
    expect(parseFilterValue('in.(1,"a,b",c)').operation).toEqual({ kind: 'in', values: ['1', 'a,b', 'c'] });
    expect(parseFilterValue('in.()').operation).toEqual({ kind: 'in', values: [''] });
    expect(parseFilterValue('like(any).{a*,b*}').operation).toMatchObject({ operator: 'like', quantifier: 'any', value: '{a*,b*}' });
  });

  test('reads full-text search with an optional configuration', () => {
    expect(parseFilterValue('wfts(english).cheap headphones').operation).toEqual({
      kind: 'fts', operator: 'wfts', config: 'english', value: 'cheap headphones',
    });
    expect(parseFilterValue('fts.cat').operation).toMatchObject({ operator: 'fts', config: undefined });
  });

  test('array and JSON containment values pass through as written', () => {
    expect(parseFilterValue('cs.{a,b}').operation).toMatchObject({ operator: 'cs', value: '{a,b}' });
    expect(parseFilterValue('cd.{"k":1}').operation).toMatchObject({ operator: 'cd', value: '{"k":1}' });
  });

  test('an unknown operator is PGRST100', () => {
    const error = parseFailure(() => parseFilterValue('equals.5'));
    expect(error.code).toBe('PGRST100');
    expect(error.message).toContain('failed to parse filter (equals.5)');
  });

  test('is accepts only null, not_null, true, false and unknown', () => {
    expect(parseFailure(() => parseFilterValue('is.maybe')).details).toContain('isVal');
  });
});

describe('filter and logic keys', () => {
  test('a filter key names embedded resources before the column', () => {
    expect(parseFilterKey('categories.name')).toEqual({ path: ['categories'], field: { name: 'name', jsonPath: [] } });
    expect(parseFilterKey('data->>color')).toEqual({ path: [], field: { name: 'data', jsonPath: [{ arrow: '->>', key: 'color', index: false }] } });
  });

  test('a logic key may be negated and embedded', () => {
    expect(parseLogicKey('not.or')).toEqual({ path: [], operator: 'or', negated: true });
    expect(parseLogicKey('subcategories.and')).toEqual({ path: ['subcategories'], operator: 'and', negated: false });
  });
});

describe('logic trees', () => {
  test('reads nested and/or groups with negation', () => {
    expect(parseLogicTree('or', false, '(price.lt.10,and(name.ilike.*lamp*,price.not.gt.50),not.or(a.is.null,b.eq.1))')).toEqual({
      kind: 'group', operator: 'or', negated: false, children: [
        { kind: 'filter', filter: { field: { name: 'price', jsonPath: [] }, negated: false, operation: { kind: 'simple', operator: 'lt', value: '10', quantifier: undefined } } },
        { kind: 'group', operator: 'and', negated: false, children: [
          { kind: 'filter', filter: { field: { name: 'name', jsonPath: [] }, negated: false, operation: { kind: 'simple', operator: 'ilike', value: '*lamp*', quantifier: undefined } } },
          { kind: 'filter', filter: { field: { name: 'price', jsonPath: [] }, negated: true, operation: { kind: 'simple', operator: 'gt', value: '50', quantifier: undefined } } },
        ] },
        { kind: 'group', operator: 'or', negated: true, children: [
          { kind: 'filter', filter: { field: { name: 'a', jsonPath: [] }, negated: false, operation: { kind: 'is', value: 'null' } } },
          { kind: 'filter', filter: { field: { name: 'b', jsonPath: [] }, negated: false, operation: { kind: 'simple', operator: 'eq', value: '1', quantifier: undefined } } },
        ] },
      ],
    });
  });

  test('values may be quoted, arrays or in-lists', () => {
    const tree = parseLogicTree('and', false, '(name.eq."a,b",tags.cs.{x,y},id.in.(1,2))');
    expect(tree).toMatchObject({ children: [
      { filter: { operation: { value: 'a,b' } } },
      { filter: { operation: { value: '{x,y}' } } },
      { filter: { operation: { kind: 'in', values: ['1', '2'] } } },
    ] });
  });

  test('a missing parenthesis is PGRST100 quoting the value', () => {
    const error = parseFailure(() => parseLogicTree('or', false, '(a.eq.1'));
    expect(error.code).toBe('PGRST100');
    expect(error.message).toContain('failed to parse logic tree ((a.eq.1)');
  });
});

describe('order, columns', () => {
  test('reads directions, null placement and related columns', () => {
    expect(parseOrder('price.desc.nullslast,name,category(name).asc')).toEqual([
      { field: { name: 'price', jsonPath: [] }, direction: 'desc', nulls: 'last' },
      { field: { name: 'name', jsonPath: [] } },
      { relation: 'category', field: { name: 'name', jsonPath: [] }, direction: 'asc' },
    ]);
  });

  test('an unknown direction is PGRST100', () => {
    expect(parseFailure(() => parseOrder('price.down')).code).toBe('PGRST100');
  });

  test('columns are read quoted as supabase-js sends them', () => {
    expect(parseColumns('"name","price"')).toEqual(['name', 'price']);
  });
});
