/**
 * A variant's swatch as a dot: its colour, or its own picture drawn small (swatch.ts). Decorative:
 * the variant's name is said beside it or by the control around it. Rendered on the server for the
 * product page's chips and the prebuilt cards, and in the browser by the islands' cards.
 */
import { cn } from '../../../components/ui/cn.ts';
import type { Swatch } from './swatch.ts';

export function SwatchDot({ swatch, className }: { swatch: Swatch; className?: string }) {
  const dot = cn('block shrink-0 rounded-full ring-1 ring-black/15', className);
  if ('colour' in swatch) return <span aria-hidden="true" className={dot} style={{ background: swatch.colour }} />;
  // The picture's middle, where the product stands, fills the dot.
  return (
    <span aria-hidden="true" className={cn(dot, 'overflow-hidden bg-white')}>
      <img src={swatch.picture} alt="" width={24} height={24} loading="lazy" decoding="async" className="size-full scale-[1.7] object-cover" />
    </span>
  );
}
