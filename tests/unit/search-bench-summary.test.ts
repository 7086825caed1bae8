/**
 * The search benchmark's summary keeps the section of a database it has no results of: a run with
 * `--only postgres` on a fresh clone must not drop the PGlite figures from docs/benchmarks/search.md.
 */
import { describe, expect, test } from 'vitest';
import { earlierSection } from '../../scripts/bench/report.ts';

const MARKER = '<!-- Notes below this line are written by hand; the bench keeps them when it rewrites the figures above. -->';
const summary = [
  '# Search benchmark', '', 'Intro.', '',
  '## PostgreSQL', '', 'Run A', '| postgres table |', '',
  '## PGlite (embedded)', '', 'Run B', '| pglite table |', '',
  MARKER, '', '## Notes', 'by hand',
].join('\n');

describe('earlierSection', () => {
  test('answers a database\'s section from its heading up to the next heading', () => {
    expect(earlierSection(summary, 'postgres')).toEqual(['## PostgreSQL', '', 'Run A', '| postgres table |', '']);
  });

  test('stops the last section at the notes, not at the notes\' own headings', () => {
    expect(earlierSection(summary, 'pglite')).toEqual(['## PGlite (embedded)', '', 'Run B', '| pglite table |', '']);
  });

  test('answers nothing when the summary has no such section', () => {
    expect(earlierSection('# Search benchmark\n', 'pglite')).toEqual([]);
  });
});
