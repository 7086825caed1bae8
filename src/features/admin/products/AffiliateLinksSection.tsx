/**
 * The product dialog's 'Affiliate links' (document 2, section 8): the links so far, each with its
 * Remove, and a row to add one; a link needs both a platform and a URL, and its title defaults to
 * 'Buy on {platform}'. Each link takes the retailer's current price (issue 11: written to the price
 * history on save when it differs from the latest), and shows the latest known one when editing.
 */
import { useState } from 'react';
import { authClient } from '../../account/store.ts';
import { formatPrice } from '../../catalog/core/price.ts';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Field, FieldError } from '../../../components/ui/Field.tsx';
import { FormSection } from '../../../components/ui/FormSection.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { useLoad, type LoadState } from '../../../lib/use-load.ts';
import { problemsUnder, removeAt } from '../forms.ts';
import type { AdminPlatform } from '../platforms/queries.ts';
import { productFieldId, withAffiliateLink, type AffiliateEntry, type ProductSectionProps } from './form.ts';
import { latestLinkPrices } from './queries.ts';

export function AffiliateLinksSection({ form, problems, edit, platforms }: ProductSectionProps & { platforms: LoadState<AdminPlatform[]> }) {
  const links = form.affiliateLinks;
  const productId = form.id;
  const latest = useLoad(productId, async () => latestLinkPrices(await authClient(), productId ?? '')).state;
  const latestOf = (platform: string) => (latest.status === 'ready' ? latest.data.get(platform.trim().toLowerCase()) : undefined);
  const setPrice = (index: number, price: string) => edit({ affiliateLinks: links.map((l, i) => (i === index ? { ...l, price } : l)) });
  return (
    <FormSection title="Affiliate links" id={productFieldId('affiliate_links')} description="Where shoppers can buy it. Each link opens the retailer's page.">
      {problemsUnder(problems, 'affiliate_links', []).map((p) => <FieldError key={p.field} message={p.message} />)}
      {links.length > 0 && (
        <ul className="divide-y divide-black/5 rounded-xl border border-black/10">
          {links.map((link, index) => (
            <li key={index} className="flex items-center gap-3 px-3 py-2 text-sm">
              <Badge tone="dark" size="sm" className="shrink-0">{link.platform}</Badge>
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-ink">{link.title}</span>
                <span className="block truncate text-xs text-muted">{link.url}</span>
                {latestOf(link.platform) !== undefined && (
                  <span className="block text-xs text-muted">Latest known price: {formatPrice(latestOf(link.platform)!)}</span>
                )}
              </span>
              <span className="w-28 shrink-0">
                <Input
                  id={productFieldId(`affiliate_links.${index}.price`)}
                  type="number" inputMode="decimal" min="0" step="0.01"
                  value={link.price ?? ''}
                  placeholder="Price"
                  aria-label={`Current price at ${link.platform}`}
                  aria-invalid={problemsUnder(problems, `affiliate_links.${index}.price`, []).length > 0 || undefined}
                  onChange={(e) => setPrice(index, e.target.value)}
                />
              </span>
              <Button variant="dangerOutline" size="xs" onClick={() => edit({ affiliateLinks: removeAt(links, index) })} aria-label={`Remove link ${link.title}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {platforms.status === 'error' ? (
        <p className="text-sm text-red-700">Error loading platforms</p>
      ) : (
        <NewLink links={links} platforms={platforms.status === 'ready' ? platforms.data : null} onAdd={(affiliateLinks) => edit({ affiliateLinks })} />
      )}
    </FormSection>
  );
}

const NO_DRAFT: AffiliateEntry = { platform: '', title: '', url: '' };

/** The row a link is added from; the platform stays chosen for the next link. */
function NewLink({ links, platforms, onAdd }: {
  links: readonly AffiliateEntry[];
  /** Null while they are read. */
  platforms: readonly AdminPlatform[] | null;
  /** With the links the new one has joined. */
  onAdd: (links: AffiliateEntry[]) => void;
}) {
  const [draft, setDraft] = useState(NO_DRAFT);
  const [incomplete, setIncomplete] = useState(false);
  const change = (part: Partial<AffiliateEntry>) => setDraft((current) => ({ ...current, ...part }));

  function add() {
    const added = withAffiliateLink(links, draft);
    setIncomplete(added === null);
    if (!added) return;
    onAdd(added);
    setDraft({ ...NO_DRAFT, platform: draft.platform });
  }

  return (
    <div className="grid items-end gap-2 rounded-xl border border-dashed border-black/15 p-3 sm:grid-cols-[10rem_1fr_1.5fr_auto]">
      <Field id={productFieldId('link-platform')} label="Platform">
        <Select value={draft.platform} onChange={(e) => change({ platform: e.target.value })}>
          <option value="">{platforms ? 'Choose' : 'Loading...'}</option>
          {platforms?.map((p) => <option key={p.id} value={p.name}>{p.name}</option>)}
        </Select>
      </Field>
      <Field id={productFieldId('link-title')} label="Link title">
        <Input value={draft.title} placeholder={draft.platform ? `Buy on ${draft.platform}` : 'Buy on …'} onChange={(e) => change({ title: e.target.value })} />
      </Field>
      <Field id={productFieldId('link-url')} label="Link URL">
        <Input type="url" value={draft.url} placeholder="https://" onChange={(e) => change({ url: e.target.value })} />
      </Field>
      <Button variant="secondary" size="xs" className="h-[38px]" onClick={add}>Add Link</Button>
      {incomplete && <p className="text-xs text-muted sm:col-span-4">Choose a platform and enter the link's URL to add it.</p>}
    </div>
  );
}
