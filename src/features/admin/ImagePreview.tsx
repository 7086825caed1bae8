/**
 * A picture field's preview, beside its address: the picture as it will look once the address could
 * be one, 'No image' while it cannot, and 'Not found' when the picture fails to load (a path on this
 * site that does not exist, a dead link), so the admin sees it before shoppers do.
 */
import { useState } from 'react';
import { cn } from '../../components/ui/cn.ts';
import { isImageUrl } from './fields.ts';

export function ImagePreview({ url }: { url: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  const frame = 'mt-6 size-16 shrink-0 rounded-lg border';
  const failed = broken === url;
  if (failed || !isImageUrl(url)) {
    return (
      <span className={cn(frame, 'grid place-items-center border-dashed text-center text-[10px]', failed ? 'border-red-300 text-red-700' : 'border-black/15 text-muted')}>
        {failed ? 'Not found' : 'No image'}
      </span>
    );
  }
  return <img src={url} alt="" width={64} height={64} onError={() => setBroken(url)} className={cn(frame, 'border-black/10 bg-white object-contain')} />;
}
