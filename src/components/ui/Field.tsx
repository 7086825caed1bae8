/**
 * A labelled form field: the label (a required field's star stays outside it, so the control is
 * named by its label alone), the control, and under it either the hint or the problem. The
 * control inside (Input, Textarea, Select) takes its id and its aria-invalid and
 * aria-describedby from the field, so a screen reader hears the problem with the control.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { cn } from './cn.ts';

interface FieldControl {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

const FieldContext = createContext<FieldControl | null>(null);

/** The props the control inside a Field takes from it (none outside a Field). */
export function useFieldControl(): FieldControl | Record<string, never> {
  return useContext(FieldContext) ?? {};
}

/** The id of the message under the field with control id `id`. */
export const problemIdOf = (id: string) => `${id}-problem`;

export interface FieldProps {
  /** The control's id. */
  id: string;
  label: ReactNode;
  required?: boolean;
  /** Shown under the control while there is no problem. */
  hint?: ReactNode;
  /** The field's problem, shown under the control in red. */
  error?: string | undefined;
  /** The label is read by screen readers but not shown (for rows of a list with a header). */
  labelHidden?: boolean;
  className?: string;
  children: ReactNode;
}

export function Field({ id, label, required = false, hint, error, labelHidden = false, className, children }: FieldProps) {
  const hintId = `${id}-hint`;
  const control: FieldControl = error
    ? { id, 'aria-invalid': true, 'aria-describedby': problemIdOf(id) }
    : { id, 'aria-describedby': hint ? hintId : undefined };
  return (
    <div className={className}>
      <div className={cn('mb-1 text-sm font-medium text-ink', labelHidden && 'sr-only')}>
        <label htmlFor={id}>{label}</label>
        {required && <span className="text-red-700" aria-hidden="true"> *</span>}
      </div>
      <FieldContext.Provider value={control}>{children}</FieldContext.Provider>
      {hint && !error && <p id={hintId} className="mt-1 text-xs text-muted">{hint}</p>}
      <FieldError id={problemIdOf(id)} message={error} />
    </div>
  );
}

/** A problem message on its own line, for a control or a list that is not inside a Field. */
export function FieldError({ id, message, className }: { id?: string; message: string | undefined; className?: string }) {
  if (!message) return null;
  return <p id={id} className={cn('mt-1 text-sm text-red-700', className)}>{message}</p>;
}
