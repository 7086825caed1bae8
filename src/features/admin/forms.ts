/**
 * What every admin form shares: the problems a check found, each shown beside its field and the
 * first one focused, and the edits of a list field (media, variants, subcategories). The ids of
 * a form's controls are '<form>-<field path with dots as dashes>', e.g. 'product-media_urls-1-url'.
 */
import type { z } from 'zod';
import type { FieldProblem } from './fields.ts';

/** A problem beside a form field: the body's field path ('name', 'media_urls.1.url'; 'id' for the item id). */
export type FormProblem = FieldProblem;

/** Every problem of a failed parse, the first one per field, in the form's order. */
export function problemsOf(error: z.ZodError): FormProblem[] {
  const problems: FormProblem[] = [];
  for (const issue of error.issues) {
    const field = issue.path.join('.');
    if (!problems.some((p) => p.field === field)) problems.push({ field, message: issue.message });
  }
  return problems;
}

/** The message for exactly this field path, if any. */
export function problemAt(problems: readonly FormProblem[], field: string): string | undefined {
  return problems.find((p) => p.field === field)?.message;
}

/** Problems at or under `prefix` that no control in `shown` displays itself. */
export function problemsUnder(problems: readonly FormProblem[], prefix: string, shown: readonly string[]): FormProblem[] {
  return problems.filter((p) => (p.field === prefix || p.field.startsWith(`${prefix}.`)) && !shown.includes(p.field));
}

/** The DOM id of the control for a field path: 'media_urls.1.url' → 'product-media_urls-1-url'. */
export function fieldId(form: string, field: string): string {
  return `${form}-${field.replace(/\./g, '-')}`;
}

/**
 * Focuses the first problem's control, or the nearest section around it ('media_urls.1.url' falls
 * back to 'media_urls.1', then 'media_urls').
 */
export function focusProblem(root: HTMLElement | null, form: string, problems: readonly FormProblem[]): void {
  const first = problems[0];
  if (!root || !first) return;
  const parts = first.field.split('.');
  for (let n = parts.length; n > 0; n--) {
    const element = root.querySelector<HTMLElement>(`#${CSS.escape(fieldId(form, parts.slice(0, n).join('.')))}`);
    if (element) {
      element.focus();
      element.scrollIntoView({ block: 'center', behavior: 'smooth' });
      return;
    }
  }
}

export function replaceAt<T>(list: readonly T[], index: number, item: T): T[] {
  return list.map((current, i) => (i === index ? item : current));
}

export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}
