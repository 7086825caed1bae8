/**
 * What the benchmarks' summaries in docs/benchmarks/ keep from their earlier text. A summary is
 * rewritten from the results files in bench-results/, which git does not keep: a run with `--only`
 * on a fresh clone has only its own results, so the sections it has no results for come from the
 * summary as it was.
 */

/** The line after which a summary's notes are written by hand; the benches keep everything below it. */
export const NOTES_MARKER = '<!-- Notes below this line are written by hand; the bench keeps them when it rewrites the figures above. -->';

/** The hand-written notes of an earlier summary: everything after the marker (a blank line when it has none). */
export function handWrittenNotes(previous: string): string {
  const at = previous.indexOf(NOTES_MARKER);
  return at === -1 ? '\n' : previous.slice(at + NOTES_MARKER.length);
}

/** The section under `heading` in an earlier summary, up to the next heading or the notes; nothing when it has none. */
export function earlierSection(previous: string, heading: string): string[] {
  const lines = previous.split('\n');
  const start = lines.indexOf(heading);
  if (start === -1) return [];
  const end = lines.findIndex((line, i) => i > start && (line.startsWith('## ') || line === NOTES_MARKER));
  return lines.slice(start, end === -1 ? undefined : end);
}

/** The rows of an earlier summary's table that start with `prefix` (a database's rows, say); none when it has none. */
export function earlierRows(previous: string, prefix: string): string[] {
  return previous.split('\n').filter((line) => line.startsWith(prefix));
}
