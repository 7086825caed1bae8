/**
 * The product dialog's sections of single fields: 'Product' (name, with what a rename did to the
 * SEO title; description, price, audience, the main image with a preview, tagline) and 'Search
 * engines' (document 2, section 8: the SEO description's counter of characters left).
 */
import { useRef } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Field, problemIdOf } from '../../../components/ui/Field.tsx';
import { FormSection } from '../../../components/ui/FormSection.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { Textarea } from '../../../components/ui/Textarea.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { GENDER_LABELS, GENDERS, type Gender } from '../../../lib/audience.ts';
import { SEO_DESCRIPTION_MAX, seoDescriptionRemaining } from '../../seo/text.ts';
import { charactersLeftText } from '../fields.ts';
import { ImagePreview } from '../ImagePreview.tsx';
import { productField, type ProductSectionProps, type SeoTitleNotice } from './form.ts';

export function DetailsSection({ form, problems, edit, seoTitleNotice }: ProductSectionProps & { seoTitleNotice: SeoTitleNotice | null }) {
  const at = (field: string) => productField(problems, field);
  return (
    <FormSection title="Product">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Field {...at('name')} label="Name" required>
            <Input required value={form.name} onChange={(e) => edit({ name: e.target.value })} />
          </Field>
          <SeoTitleNote notice={seoTitleNotice} onUpdate={(seoTitle) => edit({ seoTitle })} />
        </div>
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

/**
 * Under the name of a stored product being renamed (issue 13), what became of its SEO title, far
 * below under 'Search engines': updated to the new name, or still the old one with an offer to update it.
 */
function SeoTitleNote({ notice, onUpdate }: { notice: SeoTitleNotice | null; onUpdate: (seoTitle: string) => void }) {
  const note = useRef<HTMLDivElement>(null);
  // The button goes once the title is updated: the focus moves to the note saying so.
  const update = (seoTitle: string) => {
    onUpdate(seoTitle);
    requestAnimationFrame(() => note.current?.focus());
  };
  return (
    <div ref={note} role="status" tabIndex={-1} className="text-sm text-ink focus:outline-none">
      {notice?.kind === 'updated' && (
        <p className="mt-2 rounded-lg bg-emerald-50 px-3 py-2">SEO title updated to “{notice.seoTitle}”. You can change it under Search engines.</p>
      )}
      {notice?.kind === 'stale' && (
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-amber-50 px-3 py-2">
          <span>The SEO title still has the old name. Use “{notice.suggestion}”?</span>
          <Button variant="secondary" size="xs" onClick={() => update(notice.suggestion)}>Update SEO title</Button>
        </p>
      )}
    </div>
  );
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
          {charactersLeftText(left, SEO_DESCRIPTION_MAX)}
        </p>
      </Field>
      <Field {...productField(problems, 'seo_keywords')} label="SEO Keywords" hint="Comma-separated, e.g. lamp, desk, reading light">
        <Input value={form.seoKeywords} onChange={(e) => edit({ seoKeywords: e.target.value })} />
      </Field>
    </FormSection>
  );
}
