/**
 * The product dialog's 'Media' and 'Variants': lists edited in place, a row of controls per entry
 * under one line of column headings, each row with its Remove and the list with its Add.
 */
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Field, FieldError } from '../../../components/ui/Field.tsx';
import { FormSection } from '../../../components/ui/FormSection.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { problemsUnder, removeAt, replaceAt, type FormProblem } from '../forms.ts';
import { productField, productFieldId, type ProductSectionProps } from './form.ts';

export function MediaSection({ form, problems, edit }: ProductSectionProps) {
  const at = (index: number, key: string) => productField(problems, `media_urls.${index}.${key}`);
  return (
    <EntryList
      title="Media"
      field="media_urls"
      description="More pictures or videos for the gallery, after the main image."
      keys={['url', 'type']}
      columns={['URL', 'Type']}
      grid="sm:grid-cols-[1fr_8rem_4.5rem]"
      problems={problems}
      entries={form.media}
      onChange={(media) => edit({ media })}
      blank={{ type: 'image', url: '' }}
      names={{ remove: 'Remove media', add: 'Add Media' }}
    >
      {(entry, index, change) => (
        <>
          <Field {...at(index, 'url')} label={`Media URL ${index + 1}`} labelHidden className="min-w-0">
            <Input type="url" placeholder="Media URL" value={entry.url} onChange={(e) => change({ ...entry, url: e.target.value })} />
          </Field>
          <Field {...at(index, 'type')} label={`Media type ${index + 1}`} labelHidden>
            <Select value={entry.type} onChange={(e) => change({ ...entry, type: e.target.value === 'video' ? 'video' : 'image' })}>
              <option value="image">Image</option>
              <option value="video">Video</option>
            </Select>
          </Field>
        </>
      )}
    </EntryList>
  );
}

export function VariantsSection({ form, problems, edit }: ProductSectionProps) {
  const at = (index: number, key: string) => productField(problems, `variants.${index}.${key}`);
  return (
    <EntryList
      title="Variants"
      field="variants"
      description="Colours or styles, each with its own picture."
      keys={['name', 'image_url']}
      columns={['Name', 'Image URL']}
      grid="sm:grid-cols-[1fr_2fr_4.5rem]"
      problems={problems}
      entries={form.variants}
      onChange={(variants) => edit({ variants })}
      blank={{ name: '', imageUrl: '' }}
      names={{ remove: 'Remove variant', add: 'Add Variant' }}
    >
      {(variant, index, change) => (
        <>
          <Field {...at(index, 'name')} label={`Variant name ${index + 1}`} labelHidden>
            <Input placeholder="Variant name" value={variant.name} onChange={(e) => change({ ...variant, name: e.target.value })} />
          </Field>
          <Field {...at(index, 'image_url')} label={`Variant image URL ${index + 1}`} labelHidden>
            <Input type="url" placeholder="Variant image URL" value={variant.imageUrl} onChange={(e) => change({ ...variant, imageUrl: e.target.value })} />
          </Field>
        </>
      )}
    </EntryList>
  );
}

interface EntryListProps<T> {
  title: string;
  /** The body's field: the section takes its id, so a problem with the list as a whole focuses it. */
  field: string;
  description: string;
  /** An entry's fields in the body, each with its own control that shows its problem. */
  keys: readonly string[];
  columns: readonly string[];
  /** The row's grid columns from the small breakpoint up, the last one for Remove. */
  grid: string;
  problems: readonly FormProblem[];
  entries: readonly T[];
  onChange: (entries: T[]) => void;
  /** A new entry. */
  blank: NoInfer<T>;
  /** The buttons' names; Remove's is followed by the entry's number ('Remove media 2'). */
  names: { remove: string; add: string };
  children: (entry: T, index: number, change: (entry: T) => void) => ReactNode;
}

function EntryList<T>({ title, field, description, keys, columns, grid, problems, entries, onChange, blank, names, children }: EntryListProps<T>) {
  const shown = entries.flatMap((_, i) => keys.map((key) => `${field}.${i}.${key}`));
  return (
    <FormSection title={title} id={productFieldId(field)} description={description}>
      {problemsUnder(problems, field, shown).map((p) => <FieldError key={p.field} message={p.message} />)}
      {entries.length > 0 && (
        <ul className="space-y-2">
          <li aria-hidden="true" className={cn('hidden gap-2 text-xs font-semibold text-muted sm:grid', grid)}>
            {columns.map((column) => <span key={column}>{column}</span>)}
          </li>
          {entries.map((entry, index) => (
            <li key={index} className={cn('grid items-start gap-2', grid)}>
              {children(entry, index, (changed) => onChange(replaceAt(entries, index, changed)))}
              <Button variant="dangerOutline" size="xs" className="mt-1.5" onClick={() => onChange(removeAt(entries, index))} aria-label={`${names.remove} ${index + 1}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button variant="secondary" size="xs" onClick={() => onChange([...entries, blank])}>+ {names.add}</Button>
    </FormSection>
  );
}
