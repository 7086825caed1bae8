/**
 * The shop's button looks, for React (Button.tsx) and for links and buttons in .astro files alike:
 * `<a class={buttonVariants({ size: 'lg' })}>`.
 */
import { cva, type VariantProps } from 'class-variance-authority';

export const FOCUS_RING = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

export const buttonVariants = cva(
  `inline-flex items-center justify-center gap-1.5 font-semibold disabled:cursor-not-allowed disabled:opacity-60 ${FOCUS_RING}`,
  {
    variants: {
      variant: {
        primary: 'bg-brand-600 text-white hover:bg-brand-700',
        secondary: 'border border-black/15 bg-white text-ink hover:bg-gray-50',
        danger: 'bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700',
        dangerOutline: 'border border-red-700/30 bg-white text-red-700 hover:bg-red-50 focus-visible:outline-red-700',
        link: 'text-brand-700 underline-offset-2 hover:underline',
      },
      size: {
        /** Row actions in admin tables and lists. */
        xs: 'rounded-lg px-2.5 py-1 text-xs',
        sm: 'rounded-full px-4 py-2 text-sm',
        /** The action of a notice or banner: a list's retry or clear-filters, the wishlist's sign-up. */
        notice: 'rounded-full px-5 py-2 text-sm',
        md: 'rounded-full px-6 py-2.5',
        lg: 'rounded-full px-8 py-3',
        /** The heroes' calls to action. */
        xl: 'rounded-full px-8 py-3.5 text-base shadow-lg shadow-brand-600/20',
        inline: 'text-sm',
      },
    },
    defaultVariants: { variant: 'primary', size: 'sm' },
  },
);

export type ButtonVariants = VariantProps<typeof buttonVariants>;
