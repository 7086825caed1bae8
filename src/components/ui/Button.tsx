/** A button in one of the shop's looks (button.ts); `type` defaults to "button", not "submit". */
import type { ComponentProps } from 'react';
import { buttonVariants, type ButtonVariants } from './button.ts';
import { cn } from './cn.ts';

export type ButtonProps = ComponentProps<'button'> & ButtonVariants;

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
