/** Small rounded labels: 'NEW' on cards, a result's 'Top Match', category names in admin lists. */
import { cva, type VariantProps } from 'class-variance-authority';

export const badgeVariants = cva('inline-block rounded-full', {
  variants: {
    tone: {
      brand: 'bg-brand-600 font-bold text-white',
      neutral: 'bg-gray-100 text-ink',
      dark: 'bg-ink font-semibold text-white',
      success: 'bg-emerald-100 font-semibold text-emerald-800',
      warning: 'bg-amber-100 font-semibold text-amber-900',
    },
    size: {
      sm: 'px-2 py-0.5 text-xs',
      md: 'px-2.5 py-1 text-xs tracking-wide',
      lg: 'px-3 py-1 text-xs',
    },
  },
  defaultVariants: { tone: 'brand', size: 'md' },
});

export type BadgeVariants = VariantProps<typeof badgeVariants>;
