/** A native select; inside a Field it is tied to the field's label, hint and problem. */
import type { ComponentProps } from 'react';
import { cn } from './cn.ts';
import { controlClass } from './control.ts';
import { useFieldControl } from './Field.tsx';

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select {...useFieldControl()} className={cn(controlClass, className)} {...props} />;
}
