/** A multi-line text input; inside a Field it is tied to the field's label, hint and problem. */
import type { ComponentProps } from 'react';
import { cn } from './cn.ts';
import { controlClass } from './control.ts';
import { useFieldControl } from './Field.tsx';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea {...useFieldControl()} className={cn(controlClass, className)} {...props} />;
}
