/** A badge (badge.ts) as a React element. */
import type { ComponentProps } from 'react';
import { badgeVariants, type BadgeVariants } from './badge.ts';
import { cn } from './cn.ts';

export function Badge({ tone, size, className, ...props }: ComponentProps<'span'> & BadgeVariants) {
  return <span className={cn(badgeVariants({ tone, size }), className)} {...props} />;
}
