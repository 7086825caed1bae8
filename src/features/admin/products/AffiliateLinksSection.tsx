/**
 * The product dialog's 'Affiliate links' (document 2, section 8): the links so far, each with its
 * Remove, and a row to add one; a link needs both a platform and a URL, and its title defaults to
 * 'Buy on {platform}'. Each link takes the retailer's current price (issue 11: written to the price
 * history on save when it differs from the latest), and shows the latest known one when editing.
 * A link's URL is checked by the server's rules when it is added or edited (issue 13): a bad one is
 * not taken into the list, and a problem Save or the server finds shows under its own link. A link
 * typed in the add row and not added is part of the form, so Save names it rather than drop it.
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
import { problemAt, problemsUnder, removeAt, replaceAt, type FormProblem } from '../forms.ts';
import type { AdminPlatform } from '../platforms/queries.ts';
import {
  affiliateEntryProblem, LINK_DRAFT_URL, NO_LINK_DRAFT, productFieldId, withAffiliateLink, type AffiliateEntry, type ProductSectionProps,
} from './form.ts';
import { latestLinkPrices } from './queries.ts';

export function AffiliateLinksSection({ form, problems, edit, platforms }: ProductSectionProps & { platforms: LoadState<AdminPlatform[]> }) {
  const links = form.affiliateLinks;
  const productId = form.id;
  const latest = useLoad(productId, async () => latestLinkPrices(await authClient(), productId ?? '')).state;
  const latestOf = (platform: string) => (latest.status === 'ready' ? latest.data.get(platform.trim().toLowerCase()) : undefined);
  // A link's problems show under the link itself; the section's top keeps those of the list as a whole.
  const ofList = problemsUnder(problems, 'affiliate_links', []).filter((p) => !/^affiliate_links\.\d/.test(p.field));
  return (
    <FormSection title="Affiliate links" id={productFieldId('affiliate_links')} description="Where shoppers can buy it. Each link opens the retailer's page.">
      {ofList.map((p) => <FieldError key={p.field} message={p.message} />)}
      {links.length > 0 && (
        <ul className="divide-y divide-black/5 rounded-xl border border-black/10">
          {links.map((link, index) => (
            <LinkRow
              key={index}
              index={index}
              link={link}
              latestPrice={latestOf(link.platform)}
              problems={problemsUnder(problems, `affiliate_links.${index}`, [])}
              onChange={(changed) => edit({ affiliateLinks: replaceAt(links, index, changed) })}
              onRemove={() => edit({ affiliateLinks: removeAt(links, index) })}
            />
          ))}
        </ul>
      )}
      {platforms.status === 'error' ? (
        <p className="text-sm text-red-700">Error loading platforms</p>
      ) : (
        <NewLink
          links={links}
          draft={form.linkDraft}
          saveProblem={problemAt(problems, LINK_DRAFT_URL)}
          platforms={platforms.status === 'ready' ? platforms.data : null}
          onDraft={(linkDraft) => edit({ linkDraft })}
          onAdd={(affiliateLinks, linkDraft) => edit({ affiliateLinks, linkDraft })}
        />
      )}
    </FormSection>
  );
}

/**
 * A link of the list: its URL and price edited in place. Leaving the URL field checks it; the
 * problems Save or the server found for this link show under it, the field they name marked.
 */
function LinkRow({ index, link, latestPrice, problems, onChange, onRemove }: {
  index: number;
  link: AffiliateEntry;
  latestPrice: number | undefined;
  /** Save's or the server's problems with this link ('affiliate_links.2.url'). */
  problems: readonly FormProblem[];
  onChange: (link: AffiliateEntry) => void;
  onRemove: () => void;
}) {
  const [urlLeft, setUrlLeft] = useState(false);
  const path = (field: string) => `affiliate_links.${index}.${field}`;
  const ownProblem = urlLeft ? affiliateEntryProblem(link) : null;
  const shown: readonly FormProblem[] = problems.length > 0 || ownProblem?.field !== 'url' ? problems : [{ field: path('url'), message: ownProblem.message }];
  const rowId = productFieldId(`affiliate_links.${index}`);
  const messagesId = `${rowId}-problems`;
  const marked = (field: string) => (problemAt(shown, path(field)) ? { 'aria-invalid': true, 'aria-describedby': messagesId } as const : {});
  return (
    <li id={rowId} tabIndex={-1} className="px-3 py-2 text-sm focus:outline-none">
      <div className="flex items-center gap-3">
        <Badge tone="dark" size="sm" className="shrink-0">{link.platform}</Badge>
        <span className="min-w-0 flex-1">
          <span className="block font-medium text-ink">{link.title}</span>
          <Input
            id={productFieldId(path('url'))}
            type="url"
            value={link.url}
            aria-label={`URL of the ${link.platform} link`}
            className="mt-1 h-8 py-1 text-xs"
            {...marked('url')}
            onChange={(e) => onChange({ ...link, url: e.target.value })}
            onBlur={() => setUrlLeft(true)}
          />
          {latestPrice !== undefined && <span className="mt-1 block text-xs text-muted">Latest known price: {formatPrice(latestPrice)}</span>}
        </span>
        <span className="w-28 shrink-0">
          <Input
            id={productFieldId(path('price'))}
            type="number" inputMode="decimal" min="0.01" step="0.01"
            value={link.price ?? ''}
            placeholder="Price"
            aria-label={`Current price at ${link.platform}`}
            {...marked('price')}
            onChange={(e) => onChange({ ...link, price: e.target.value })}
          />
        </span>
        <Button variant="dangerOutline" size="xs" onClick={onRemove} aria-label={`Remove link ${link.title}`}>
          Remove
        </Button>
      </div>
      {shown.length > 0 && (
        <div id={messagesId}>
          {shown.map((p) => <FieldError key={p.field} message={p.message} />)}
        </div>
      )}
    </li>
  );
}

/** The row a link is added from; the platform stays chosen for the next link. A link the server would refuse is not added. */
function NewLink({ links, draft, saveProblem, platforms, onDraft, onAdd }: {
  links: readonly AffiliateEntry[];
  /** The link as typed so far. */
  draft: AffiliateEntry;
  /** Save's refusal of a link left in this row. */
  saveProblem: string | undefined;
  /** Null while they are read. */
  platforms: readonly AdminPlatform[] | null;
  onDraft: (draft: AffiliateEntry) => void;
  /** With the links the new one has joined, and the row emptied for the next one. */
  onAdd: (links: AffiliateEntry[], draft: AffiliateEntry) => void;
}) {
  const [incomplete, setIncomplete] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const change = (part: Partial<AffiliateEntry>) => {
    onDraft({ ...draft, ...part });
    setProblem(null);
  };
  const errorAt = (field: string) => (problem?.field === field ? problem.message : undefined);

  function add() {
    const added = withAffiliateLink(links, draft);
    setIncomplete(added === null);
    const found = added && affiliateEntryProblem(added.at(-1)!);
    setProblem(found);
    if (found) document.getElementById(productFieldId(`link-${found.field}`))?.focus();
    if (!added || found) return;
    onAdd(added, { ...NO_LINK_DRAFT, platform: draft.platform });
  }

  return (
    <div className="grid items-start gap-2 rounded-xl border border-dashed border-black/15 p-3 sm:grid-cols-[10rem_1fr_1.5fr_auto]">
      <Field id={productFieldId('link-platform')} label="Platform">
        <Select value={draft.platform} onChange={(e) => change({ platform: e.target.value })}>
          <option value="">{platforms ? 'Choose' : 'Loading...'}</option>
          {platforms?.map((p) => <option key={p.id} value={p.name}>{p.name}</option>)}
        </Select>
      </Field>
      <Field id={productFieldId('link-title')} label="Link title" error={errorAt('title')}>
        <Input value={draft.title} placeholder={draft.platform ? `Buy on ${draft.platform}` : 'Buy on …'} onChange={(e) => change({ title: e.target.value })} />
      </Field>
      <Field id={productFieldId(LINK_DRAFT_URL)} label="Link URL" error={errorAt('url') ?? saveProblem}>
        <Input type="url" value={draft.url} placeholder="https://" onChange={(e) => change({ url: e.target.value })} />
      </Field>
      <Button variant="secondary" size="xs" className="h-[38px] sm:mt-6" onClick={add}>Add Link</Button>
      {incomplete && <p className="text-xs text-muted sm:col-span-4">Choose a platform and enter the link's URL to add it.</p>}
    </div>
  );
}
