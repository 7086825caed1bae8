/** The look shared by text inputs, text areas and selects. */
export const controlClass =
  'w-full rounded-lg border border-black/15 bg-white px-3 py-2 text-sm text-ink placeholder:text-muted/70 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-invalid:border-red-600 aria-invalid:ring-red-600/20 disabled:bg-gray-50 disabled:text-muted';
