/**
 * The grammar of PostgREST's query parameters: `select`, filter values, `order`, `or`/`and`
 * trees, `columns` and `on_conflict`. Each parser takes the decoded parameter text and returns a
 * typed description, or throws a PGRST100 error that names the parameter and the column where the
 * text stopped making sense, as PostgREST does.
 */
import { parseError } from './errors.ts';

export interface JsonStep {
  arrow: '->' | '->>';
  /** An object key, or an array index when `index` is set. */
  key: string;
  index: boolean;
}

/** A column, optionally followed by a JSON path: `data->a->>b`. */
export interface Field {
  name: string;
  jsonPath: JsonStep[];
}

export type SelectItem = SelectField | SelectEmbed;

export interface SelectField {
  kind: 'field';
  /** `*` for all columns. */
  field: Field;
  alias?: string;
  cast?: string;
  /** `count()` or `col.sum()` and friends; refused later, as hosted Supabase refuses them. */
  aggregate?: string;
}

export interface SelectEmbed {
  kind: 'embed';
  /** The related table, a foreign key's name or one of its columns. */
  name: string;
  alias?: string;
  /** After `!`: a foreign key constraint or column naming the relationship. */
  hint?: string;
  join: 'left' | 'inner';
  /** `...rel(cols)`: the related columns go into the parent object. */
  spread: boolean;
  children: SelectItem[];
}

export type SimpleOperator =
  | 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'match' | 'imatch'
  | 'cs' | 'cd' | 'ov' | 'sl' | 'sr' | 'nxr' | 'nxl' | 'adj';

export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type FtsOperator = 'fts' | 'plfts' | 'phfts' | 'wfts';

export type Operation =
  | { kind: 'simple'; operator: SimpleOperator; value: string; quantifier?: 'any' | 'all' }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: IsValue }
  | { kind: 'isdistinct'; value: string }
  | { kind: 'fts'; operator: FtsOperator; config?: string; value: string };

export interface Filter {
  field: Field;
  negated: boolean;
  operation: Operation;
}

export type LogicTree =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'group'; operator: 'and' | 'or'; negated: boolean; children: LogicTree[] };

export interface OrderTerm {
  /** Set when ordering by a column of an embedded to-one resource: `order=rel(col)`. */
  relation?: string;
  field: Field;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/**
 * Thrown inside the parsers and turned into a PGRST100 error by `parseWith`. Not an Error: the
 * parsers backtrack by catching it, often several times per parameter, and capturing a stack
 * trace each time would cost more than the parsing itself.
 */
class Unexpected {
  readonly position: number;
  readonly expecting: string;
  constructor(position: number, expecting: string) {
    this.position = position;
    this.expecting = expecting;
  }
}

/** Embeds and logic groups nest at most this deep: deeper input is refused, not recursed into. */
const MAX_NESTING = 32;

/** A cursor over one parameter's text. */
class Cursor {
  readonly text: string;
  pos = 0;
  depth = 0;
  constructor(text: string) {
    this.text = text;
  }
  get done(): boolean {
    return this.pos >= this.text.length;
  }
  peek(offset = 0): string {
    return this.text[this.pos + offset] ?? '';
  }
  startsWith(token: string): boolean {
    return this.text.startsWith(token, this.pos);
  }
  /** Consumes the token when it is next. */
  eat(token: string): boolean {
    if (!this.startsWith(token)) return false;
    this.pos += token.length;
    return true;
  }
  expect(token: string, expecting = `"${token}"`): void {
    if (!this.eat(token)) throw new Unexpected(this.pos, expecting);
  }
  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
  }
  fail(expecting: string): never {
    throw new Unexpected(this.pos, expecting);
  }
  /** Runs a nested parse, refusing nesting deeper than MAX_NESTING. */
  nested<T>(parse: () => T): T {
    if (this.depth >= MAX_NESTING) this.fail(`at most ${MAX_NESTING} levels of nesting`);
    this.depth++;
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }
  /** Runs a parse attempt; on failure rewinds and returns undefined. */
  attempt<T>(parse: () => T): T | undefined {
    const start = this.pos;
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof Unexpected)) throw error;
      this.pos = start;
      return undefined;
    }
  }
}

function parseWith<T>(what: string, input: string, parse: (cursor: Cursor) => T, shown = input): T {
  const cursor = new Cursor(input);
  try {
    const result = parse(cursor);
    if (!cursor.done) cursor.fail('end of input');
    return result;
  } catch (error) {
    if (!(error instanceof Unexpected)) throw error;
    const found = error.position >= input.length ? 'end of input' : `"${input[error.position]}"`;
    throw parseError(what, shown, error.position + 1, `unexpected ${found} expecting ${error.expecting}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------

const IDENTIFIER_CHAR = /[\p{L}\p{N}_ $]/u;

/** `"any text"` with backslash escapes. */
function quotedValue(c: Cursor): string {
  c.expect('"');
  let value = '';
  while (!c.done && c.peek() !== '"') {
    if (c.peek() === '\\') c.pos++;
    if (c.done) break;
    value += c.peek();
    c.pos++;
  }
  c.expect('"', 'closing quote');
  return value;
}

/** Letters, digits, `_`, `$` and spaces; a dash joins words unless it starts an arrow. */
function identifierWords(c: Cursor, isChar: (ch: string) => boolean): string {
  const words: string[] = [];
  for (;;) {
    const start = c.pos;
    while (!c.done && isChar(c.peek())) c.pos++;
    if (c.pos === start) c.fail('field name (* or [a..z0..9_$])');
    words.push(c.text.slice(start, c.pos).trim());
    if (c.peek() === '-' && c.peek(1) !== '>') {
      c.pos++;
      continue;
    }
    return words.join('-');
  }
}

function fieldName(c: Cursor): string {
  if (c.peek() === '"') return quotedValue(c);
  return identifierWords(c, (ch) => IDENTIFIER_CHAR.test(ch));
}

function jsonKeyName(c: Cursor): string {
  if (c.peek() === '"') return quotedValue(c);
  return identifierWords(c, (ch) => !'(-:.,>)'.includes(ch) && ch !== '');
}

function jsonPath(c: Cursor): JsonStep[] {
  const steps: JsonStep[] = [];
  for (;;) {
    const arrow = c.eat('->>') ? '->>' : c.eat('->') ? '->' : undefined;
    if (!arrow) return steps;
    const index = /^-?\d+(?=->|::|\.|,|\)|$)/.exec(c.text.slice(c.pos));
    if (index) {
      c.pos += index[0].length;
      steps.push({ arrow, key: index[0], index: true });
    } else {
      steps.push({ arrow, key: jsonKeyName(c), index: false });
    }
  }
}

function field(c: Cursor): Field {
  c.skipSpaces();
  const name = fieldName(c);
  const path = jsonPath(c);
  c.skipSpaces();
  return { name, jsonPath: path };
}

/**
 * A cast target goes into the SQL as written (quoting would break `int`, `double precision`), so
 * only ASCII words and `[]` pass: nothing that could open a string, quote or parenthesis.
 */
function castType(c: Cursor): string {
  const match = /^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?/.exec(c.text.slice(c.pos));
  if (!match || match[0].trim() === '') c.fail('type name');
  c.pos += match[0].length;
  return match[0].trim();
}

/** Whether the item starting at the cursor has `(` before its end: it may be an embed. */
function itemHasParenthesis(c: Cursor): boolean {
  for (let i = c.pos; i < c.text.length; i++) {
    const ch = c.text[i];
    if (ch === '(') return true;
    if (ch === ',' || ch === ')') return false;
  }
  return false;
}

/** Whether a single `:` (an alias separator, not `::`) comes before the item ends. */
function itemHasAlias(c: Cursor): boolean {
  for (let i = c.pos; i < c.text.length; i++) {
    const ch = c.text[i];
    if (ch === ':') return c.text[i + 1] !== ':';
    if (ch === ',' || ch === ')' || ch === '(' || ch === '"') return ch === '"';
  }
  return false;
}

/** `:` that is not the start of `::`. */
function aliasPrefix(c: Cursor): string | undefined {
  if (!itemHasAlias(c)) return undefined;
  return c.attempt(() => {
    const name = fieldName(c);
    if (c.peek() !== ':' || c.peek(1) === ':') c.fail('":"');
    c.pos++;
    return name;
  });
}

// ---------------------------------------------------------------------------------------------
// select
// ---------------------------------------------------------------------------------------------

function atItemEnd(c: Cursor): boolean {
  return c.done || c.peek() === ',' || c.peek() === ')';
}

function embedParams(c: Cursor): { hint?: string; join: 'left' | 'inner' } {
  let hint: string | undefined;
  let join: 'left' | 'inner' = 'left';
  for (let i = 0; i < 2 && c.peek() === '!'; i++) {
    c.pos++;
    if (/^inner(?=[!(])/.test(c.text.slice(c.pos))) {
      c.pos += 5;
      join = 'inner';
    } else if (/^left(?=[!(])/.test(c.text.slice(c.pos))) {
      c.pos += 4;
      join = 'left';
    } else {
      hint = fieldName(c);
    }
  }
  return { hint, join };
}

function selectEmbed(c: Cursor): SelectEmbed {
  c.skipSpaces();
  const spread = c.eat('...');
  const alias = spread ? undefined : aliasPrefix(c);
  const name = fieldName(c);
  if (name === 'count' && !spread) c.fail('"("');
  const params = embedParams(c);
  if (c.peek() !== '(') c.fail('"("');
  c.pos++;
  const children = c.nested(() => selectForest(c));
  c.expect(')');
  c.skipSpaces();
  return { kind: 'embed', name, alias, hint: params.hint, join: params.join, spread, children };
}

function selectField(c: Cursor): SelectField {
  c.skipSpaces();
  if (c.peek() === '*') {
    c.pos++;
    c.skipSpaces();
    if (!atItemEnd(c)) c.fail('"," or ")"');
    return { kind: 'field', field: { name: '*', jsonPath: [] } };
  }
  const alias = aliasPrefix(c);
  if (c.eat('count()')) {
    const cast = c.eat('::') ? castType(c) : undefined;
    c.skipSpaces();
    if (!atItemEnd(c)) c.fail('"," or ")"');
    return { kind: 'field', field: { name: '*', jsonPath: [] }, alias, cast, aggregate: 'count' };
  }
  const target = field(c);
  const cast = c.eat('::') ? castType(c) : undefined;
  let aggregate: string | undefined;
  const agg = /^\.(sum|avg|count|max|min)\(\)/.exec(c.text.slice(c.pos));
  if (agg) {
    c.pos += agg[0].length;
    aggregate = agg[1];
    if (c.eat('::')) castType(c);
  }
  c.skipSpaces();
  if (!atItemEnd(c)) c.fail('"->", "::", "," or ")"');
  return { kind: 'field', field: target, alias, cast, aggregate };
}

function selectForest(c: Cursor): SelectItem[] {
  const items: SelectItem[] = [];
  c.skipSpaces();
  if (c.done || c.peek() === ')') return items;
  for (;;) {
    const embed = itemHasParenthesis(c) ? c.attempt(() => selectEmbed(c)) : undefined;
    items.push(embed ?? selectField(c));
    c.skipSpaces();
    if (!c.eat(',')) return items;
  }
}

/** The `select` parameter: columns, aliases, casts, JSON paths and embedded resources. */
export function parseSelect(text: string): SelectItem[] {
  return parseWith('select parameter', text, selectForest);
}

// ---------------------------------------------------------------------------------------------
// Filters
// ---------------------------------------------------------------------------------------------

const SIMPLE_OPERATORS: SimpleOperator[] = ['neq', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj'];
// Longest first where one is a prefix of another.
const QUANTIFIABLE_OPERATORS: SimpleOperator[] = ['eq', 'gte', 'gt', 'lte', 'lt', 'like', 'ilike', 'match', 'imatch'];
const IS_VALUES: IsValue[] = ['null', 'not_null', 'true', 'false', 'unknown'];

/** `(a,"b,c",d)`: the values of `in`. */
function listValue(c: Cursor): string[] {
  c.skipSpaces();
  c.expect('(');
  c.skipSpaces();
  const values: string[] = [];
  for (;;) {
    const quoted = c.attempt(() => {
      const value = quotedValue(c);
      if (!c.done && c.peek() !== ',' && c.peek() !== ')') c.fail('"," or ")"');
      return value;
    });
    if (quoted !== undefined) {
      values.push(quoted);
    } else {
      const start = c.pos;
      while (!c.done && c.peek() !== ',' && c.peek() !== ')') c.pos++;
      values.push(c.text.slice(start, c.pos));
    }
    if (!c.eat(',')) break;
  }
  c.skipSpaces();
  c.expect(')');
  c.skipSpaces();
  return values;
}

function operation(c: Cursor, value: (c: Cursor) => string): Operation {
  if (c.eat('in.')) return { kind: 'in', values: listValue(c) };
  if (c.startsWith('is.')) {
    c.pos += 3;
    const word = IS_VALUES.find((v) => c.text.slice(c.pos, c.pos + v.length).toLowerCase() === v);
    if (!word) c.fail('isVal: (null, not_null, true, false, unknown)');
    c.pos += word.length;
    return { kind: 'is', value: word };
  }
  if (c.eat('isdistinct.')) return { kind: 'isdistinct', value: value(c) };
  const fts = (['fts', 'plfts', 'phfts', 'wfts'] as const).find((op) => /^[.(]/.test(c.text.slice(c.pos + op.length)) && c.startsWith(op));
  if (fts) {
    c.pos += fts.length;
    let config: string | undefined;
    if (c.eat('(')) {
      const match = /^[\p{L}\p{N}_ $]+/u.exec(c.text.slice(c.pos));
      if (!match) c.fail('text search configuration');
      config = match[0].trim();
      c.pos += match[0].length;
      c.expect(')');
    }
    c.expect('.', 'delimiter (.)');
    return { kind: 'fts', operator: fts, config, value: value(c) };
  }
  const simple = SIMPLE_OPERATORS.find((op) => c.startsWith(`${op}.`));
  if (simple) {
    c.pos += simple.length + 1;
    return { kind: 'simple', operator: simple, value: value(c) };
  }
  const quantifiable = QUANTIFIABLE_OPERATORS.find((op) => /^[.(]/.test(c.text.slice(c.pos + op.length)) && c.startsWith(op));
  if (quantifiable) {
    c.pos += quantifiable.length;
    let quantifier: 'any' | 'all' | undefined;
    if (c.eat('(any)')) quantifier = 'any';
    else if (c.eat('(all)')) quantifier = 'all';
    c.expect('.', 'delimiter (.)');
    return { kind: 'simple', operator: quantifiable, value: value(c), quantifier };
  }
  return c.fail('"not" or operator (eq, gt, ...)');
}

function opExpression(c: Cursor, value: (c: Cursor) => string): { negated: boolean; operation: Operation } {
  const negated = c.eat('not.');
  return { negated, operation: operation(c, value) };
}

function restOfText(c: Cursor): string {
  const value = c.text.slice(c.pos);
  c.pos = c.text.length;
  return value;
}

/** A filter's value, e.g. `eq.5`, `not.in.(1,2)`, `fts(english).cat`. */
export function parseFilterValue(text: string): { negated: boolean; operation: Operation } {
  return parseWith('filter', text, (c) => opExpression(c, restOfText));
}

/** The key of a filter: `col`, `col->a`, `embedded.col`. */
export function parseFilterKey(text: string): { path: string[]; field: Field } {
  return parseWith('tree path', text, (c) => {
    const names = [fieldName(c)];
    while (c.eat('.')) names.push(fieldName(c));
    const path = jsonPath(c);
    const name = names.pop() as string;
    return { path: names, field: { name, jsonPath: path } };
  });
}

/** The key of a logic tree: `or`, `not.and`, `embedded.or`. */
export function parseLogicKey(text: string): { path: string[]; operator: 'and' | 'or'; negated: boolean } {
  return parseWith('logic path', text, (c) => {
    const names = [fieldName(c)];
    while (c.eat('.')) names.push(fieldName(c));
    const operator = names.pop() as 'and' | 'or';
    return { path: names.filter((n) => n !== 'not'), operator, negated: names.includes('not') };
  });
}

/** A value inside a logic tree ends at `,` or `)` unless quoted or a `{...}` array. */
function logicValue(c: Cursor): string {
  const quoted = c.attempt(() => {
    const value = quotedValue(c);
    if (!c.done && c.peek() !== ',' && c.peek() !== ')') c.fail('"," or ")"');
    return value;
  });
  if (quoted !== undefined) return quoted;
  if (c.peek() === '{') {
    const end = c.text.indexOf('}', c.pos);
    const inner = end < 0 ? '' : c.text.slice(c.pos + 1, end);
    if (end >= 0 && !inner.includes('{')) {
      const value = c.text.slice(c.pos, end + 1);
      c.pos = end + 1;
      return value;
    }
  }
  const start = c.pos;
  while (!c.done && c.peek() !== ',' && c.peek() !== ')') c.pos++;
  return c.text.slice(start, c.pos);
}

function logicTree(c: Cursor): LogicTree {
  const statement = c.attempt((): LogicTree => {
    const target = field(c);
    c.expect('.', 'delimiter (.)');
    const { negated, operation: op } = opExpression(c, logicValue);
    return { kind: 'filter', filter: { field: target, negated, operation: op } };
  });
  if (statement) return statement;
  const negated = c.eat('not.');
  const operator = c.eat('and') ? 'and' : c.eat('or') ? 'or' : c.fail('logic operator (and, or)');
  c.skipSpaces();
  c.expect('(');
  const children: LogicTree[] = [];
  for (;;) {
    c.skipSpaces();
    children.push(c.nested(() => logicTree(c)));
    c.skipSpaces();
    if (!c.eat(',')) break;
  }
  c.expect(')');
  c.skipSpaces();
  return { kind: 'group', operator, negated, children };
}

/** The value of `or=`/`and=`: `(a.eq.1,and(b.gt.2,c.is.null))`, under the key's operator. */
export function parseLogicTree(operator: 'and' | 'or', negated: boolean, text: string): LogicTree {
  return parseWith('logic tree', `${negated ? 'not.' : ''}${operator}${text}`, logicTree, text);
}

// ---------------------------------------------------------------------------------------------
// order, columns, on_conflict
// ---------------------------------------------------------------------------------------------

function orderSuffix(c: Cursor): Pick<OrderTerm, 'direction' | 'nulls'> {
  const suffix: Pick<OrderTerm, 'direction' | 'nulls'> = {};
  if (c.eat('.asc')) suffix.direction = 'asc';
  else if (c.eat('.desc')) suffix.direction = 'desc';
  if (c.eat('.nullsfirst')) suffix.nulls = 'first';
  else if (c.eat('.nullslast')) suffix.nulls = 'last';
  c.skipSpaces();
  if (!c.done && c.peek() !== ',') c.fail('"asc", "desc", "nullsfirst", "nullslast", "," or end of input');
  return suffix;
}

function orderTerm(c: Cursor): OrderTerm {
  c.skipSpaces();
  const related = c.attempt(() => {
    const relation = fieldName(c);
    c.expect('(');
    const target = field(c);
    c.expect(')');
    return { relation, field: target };
  });
  if (related) return { ...related, ...orderSuffix(c) };
  const target = field(c);
  return { field: target, ...orderSuffix(c) };
}

/** `order=price.desc.nullslast,name`. */
export function parseOrder(text: string): OrderTerm[] {
  return parseWith('order', text, (c) => {
    const terms = [orderTerm(c)];
    while (c.eat(',')) terms.push(orderTerm(c));
    return terms;
  });
}

function columnList(c: Cursor): string[] {
  const names: string[] = [];
  for (;;) {
    c.skipSpaces();
    names.push(fieldName(c));
    c.skipSpaces();
    if (!c.eat(',')) return names;
  }
}

/** `columns="name","price"` as supabase-js sends it for array inserts. */
export function parseColumns(text: string): string[] {
  return parseWith('columns parameter', text, columnList);
}

export function parseOnConflict(text: string): string[] {
  return parseWith('on_conflict parameter', text, columnList);
}
