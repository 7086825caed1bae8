/**
 * The benchmarks' summaries keep the sections they have no results for: a run with `--only postgres`
 * on a fresh clone must not drop the PGlite figures from docs/benchmarks/search.md or clicks.md.
 */
import { describe, expect, test } from 'vitest';
import { earlierRows, earlierSection, handWrittenNotes, NOTES_MARKER as MARKER } from '../../scripts/bench/summary.ts';

const summary = [
  '# Search benchmark', '', 'Intro.', '',
  '## PostgreSQL', '', 'Run A', '| postgres table |', '',
  '## PGlite (embedded)', '', 'Run B', '| pglite table |', '',
  MARKER, '', '## Notes', 'by hand',
].join('\n');

describe('earlierSection', () => {
  test('answers a database\'s section from its heading up to the next heading', () => {
    expect(earlierSection(summary, '## PostgreSQL')).toEqual(['## PostgreSQL', '', 'Run A', '| postgres table |', '']);
  });

  test('stops the last section at the notes, not at the notes\' own headings', () => {
    expect(earlierSection(summary, '## PGlite (embedded)')).toEqual(['## PGlite (embedded)', '', 'Run B', '| pglite table |', '']);
  });

  test('answers nothing when the summary has no such section', () => {
    expect(earlierSection('# Search benchmark\n', '## PGlite (embedded)')).toEqual([]);
  });
});

describe('earlierRows', () => {
  const feeds = ['| database | run |', '| --- | --- |', '| pglite (18.6) | 2026-11-26 |', '| postgres (15.20) | 2026-11-26 |', '', 'bench:feeds …'].join('\n');

  test('answers the rows of one database from an earlier table', () => {
    expect(earlierRows(feeds, '| pglite (')).toEqual(['| pglite (18.6) | 2026-11-26 |']);
  });

  test('answers nothing when the summary has no such row', () => {
    expect(earlierRows('', '| pglite (')).toEqual([]);
  });
});

describe('handWrittenNotes', () => {
  test('keeps everything after the marker', () => {
    expect(handWrittenNotes(summary)).toBe('\n\n## Notes\nby hand');
  });

  test('starts a summary without a marker with a blank line', () => {
    expect(handWrittenNotes('# Search benchmark\n')).toBe('\n');
  });
});
