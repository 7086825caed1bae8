/**
 * The product dialog's sections of single fields: 'Product' (name, description, price, audience,
 * the main image with a preview, tagline) and 'Search engines' (document 2, section 8: the SEO
 * description's counter of characters left).
 */
import { useState } from 'react';
import { Field, problemIdOf } from '../../../components/ui/Field.tsx';
import { FormSection } from '../../../components/ui/FormSection.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { Textarea } from '../../../components/ui/Textarea.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { GENDER_LABELS, GENDERS, type Gender } from '../../../lib/audience.ts';
import { SEO_DESCRIPTION_MAX, seoDescriptionRemaining } from '../../seo/text.ts';
import { isImageUrl } from '../fields.ts';
import { productField, type ProductSectionProps } from './form.ts';

export function DetailsSection({ form, problems, edit }: ProductSectionProps) {
  const at = (field: string) => productField(problems, field);
  return (
    <FormSection title="Product">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...at('name')} label="Name" required className="sm:col-span-2">
          <Input required value={form.name} onChange={(e) => edit({ name: e.target.value })} />
        </Field>
        <Field {...at('description')} label="Description" required className="sm:col-span-2">
          <Textarea required rows={4} value={form.description} onChange={(e) => edit({ description: e.target.value })} />
        </Field>
        <Field {...at('price')} label="Price (USD)" required>
          <Input type="number" inputMode="decimal" step="0.01" min="0" required value={form.price} onChange={(e) => edit({ price: e.target.value })} />
        </Field>
        <Field {...at('gender_category')} label="Target Audience">
          <Select value={form.gender} onChange={(e) => edit({ gender: e.target.value as Gender })}>
            {GENDERS.map((g) => <option key={g} value={g}>{GENDER_LABELS[g]}</option>)}
          </Select>
        </Field>
        <div className="flex items-start gap-3 sm:col-span-2">
          <Field {...at('image_url')} label="Image URL" required hint="The main picture: an http(s) address or a path on this site." className="min-w-0 flex-1">
            <Input type="url" required placeholder="https://… or /media/…" value={form.imageUrl} onChange={(e) => edit({ imageUrl: e.target.value })} />
          </Field>
          <ImagePreview url={form.imageUrl.trim()} />
        </div>
        <Field {...at('tagline')} label="Tagline" className="sm:col-span-2">
          <Input value={form.tagline} onChange={(e) => edit({ tagline: e.target.value })} />
        </Field>
      </div>
    </FormSection>
  );
}

/** The main image as it will look, once its URL could be one; a picture that fails to load says so. */
function ImagePreview({ url }: { url: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  const frame = 'mt-6 size-16 shrink-0 rounded-lg border';
  if (!isImageUrl(url) || broken === url) {
    return <span className={cn(frame, 'grid place-items-center border-dashed border-black/15 text-[10px] text-muted')} aria-hidden="true">No image</span>;
  }
  return <img src={url} alt="" width={64} height={64} onError={() => setBroken(url)} className={cn(frame, 'border-black/10 bg-white object-contain')} />;
}

export function SearchEnginesSection({ form, problems, edit }: ProductSectionProps) {
  const description = productField(problems, 'seo_description');
  const countId = `${description.id}-count`;
  const left = seoDescriptionRemaining(form.seoDescription);
  return (
    <FormSection title="Search engines" description={form.id === null ? 'Filled in from the name, description and categories until you change them.' : undefined}>
      <Field {...productField(problems, 'seo_title')} label="SEO Title">
        <Input value={form.seoTitle} onChange={(e) => edit({ seoTitle: e.target.value })} />
      </Field>
      <Field {...description} label="SEO Description">
        <Textarea
          rows={3}
          value={form.seoDescription}
          onChange={(e) => edit({ seoDescription: e.target.value })}
          aria-invalid={description.error || left < 0 ? true : undefined}
          aria-describedby={description.error ? `${countId} ${problemIdOf(description.id)}` : countId}
        />
        <p id={countId} className={cn('mt-1 text-xs', left < 0 ? 'font-semibold text-red-700' : 'text-muted')}>
          {left >= 0 ? `${left} characters remaining` : `${-left} characters over the limit of ${SEO_DESCRIPTION_MAX}`}
        </p>
      </Field>
      <Field {...productField(problems, 'seo_keywords')} label="SEO Keywords" hint="Comma-separated, e.g. lamp, desk, reading light">
        <Input value={form.seoKeywords} onChange={(e) => edit({ seoKeywords: e.target.value })} />
      </Field>
    </FormSection>
  );
}
