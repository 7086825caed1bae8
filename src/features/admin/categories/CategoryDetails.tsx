/**
 * The category dialog's own fields: name, descriptions (the short one with its counter, spec: max
 * 240), audience, colour and visibility, and the three pictures, each with its preview.
 */
import { Field, useFieldControl } from '../../../components/ui/Field.tsx';
import { FormSection } from '../../../components/ui/FormSection.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { Textarea } from '../../../components/ui/Textarea.tsx';
import { GENDER_LABELS, GENDERS, type Gender } from '../../../lib/audience.ts';
import { categoryFieldId, shortDescriptionRemaining, type CategoryForm, type EditCategory } from './form.ts';
import { SHORT_DESCRIPTION_MAX } from './schemas.ts';
import { charactersLeftText } from '../fields.ts';
import { ImagePreview } from '../ImagePreview.tsx';

interface Props {
  form: CategoryForm;
  edit: EditCategory;
  problem: (field: string) => string | undefined;
}

const PICTURES = [
  { field: 'image_url', key: 'imageUrl', label: 'Image URL' },
  { field: 'image_url_banner', key: 'bannerUrl', label: 'Banner URL' },
  { field: 'image_url_banner_small', key: 'bannerSmallUrl', label: 'Small banner URL' },
] as const;

export function CategoryDetails({ form, edit, problem }: Props) {
  const field = (name: string) => ({ id: categoryFieldId(name), error: problem(name) });
  return (
    <>
      <FormSection title="Category">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field {...field('name')} label="Name" required className="sm:col-span-2">
            <Input required value={form.name} onChange={(e) => edit({ name: e.target.value }, ['name'])} />
          </Field>
          <Field {...field('description')} label="Description" className="sm:col-span-2">
            <Textarea rows={3} value={form.description} onChange={(e) => edit({ description: e.target.value }, ['description'])} />
          </Field>
          <Field
            {...field('short_description')}
            label="Short description"
            hint={`${charactersLeftText(shortDescriptionRemaining(form.shortDescription), SHORT_DESCRIPTION_MAX)} (optional; shown on cards and banners)`}
            className="sm:col-span-2"
          >
            <Textarea
              rows={2}
              maxLength={SHORT_DESCRIPTION_MAX}
              value={form.shortDescription}
              onChange={(e) => edit({ shortDescription: e.target.value }, ['short_description'])}
            />
          </Field>
          <Field {...field('gender_category')} label="Target Audience">
            <Select value={form.gender} onChange={(e) => edit({ gender: e.target.value as Gender }, ['gender_category'])}>
              {GENDERS.map((g) => <option key={g} value={g}>{GENDER_LABELS[g]}</option>)}
            </Select>
          </Field>
          <div className="flex items-end gap-6">
            <Field {...field('color')} label="Color">
              <div className="flex items-center gap-2">
                <ColorInput value={form.color} onChange={(color) => edit({ color }, ['color'])} />
                <span className="font-mono text-sm text-muted">{form.color.toUpperCase()}</span>
              </div>
            </Field>
            <label className="mb-2 inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-ink">
              <input
                id={categoryFieldId('visible')}
                type="checkbox"
                checked={form.visible}
                onChange={(e) => edit({ visible: e.target.checked }, ['visible'])}
                className="size-4 accent-brand-600"
              />
              Visible
            </label>
          </div>
        </div>
      </FormSection>

      <FormSection title="Pictures" description="An http(s) address or a path on this site, such as /media/…">
        <div className="grid gap-4">
          {PICTURES.map(({ field: name, key, label }) => (
            <div key={name} className="flex items-start gap-3">
              <Field {...field(name)} label={label} className="min-w-0 flex-1">
                <Input type="url" value={form[key]} onChange={(e) => edit({ [key]: e.target.value }, [name])} />
              </Field>
              <ImagePreview url={form[key].trim()} />
            </div>
          ))}
        </div>
      </FormSection>
    </>
  );
}

/** The colour swatch picker; the stored colour is upper-case hex (spec: #F5F5F5), the picker's lower-case. */
function ColorInput({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  return (
    <input
      {...useFieldControl()}
      type="color"
      value={value.toLowerCase()}
      onChange={(e) => onChange(e.target.value.toUpperCase())}
      className="h-10 w-14 cursor-pointer rounded-lg border border-black/15 bg-white p-1"
    />
  );
}
