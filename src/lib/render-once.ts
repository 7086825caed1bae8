/**
 * Markup that is the same on many prebuilt pages (the header's category lists, a product's card)
 * is rendered once per build and its HTML repeated, instead of once for each of thousands of
 * pages. A fragment is remembered for the data it was made from (by identity: the build's
 * catalogue, a product of it), so a reloaded catalogue renders it afresh.
 */
const rendered = new WeakMap<object, Map<string, Promise<unknown>>>();

/** What `render` made for `data` and `name`, rendering it on the first call only. */
export function renderOnce<T>(data: object, name: string, render: () => Promise<T>): Promise<T> {
  let fragments = rendered.get(data);
  if (!fragments) {
    fragments = new Map();
    rendered.set(data, fragments);
  }
  let made = fragments.get(name) as Promise<T> | undefined;
  if (!made) {
    made = render();
    fragments.set(name, made);
  }
  return made;
}

/**
 * Where repeated markup needs an id of its own on each use (a card's popup, when one product's card
 * shows twice on a page), it is rendered with ID_SLOT and every use fills in a fresh id. Random per
 * build, so no product text can hold it by chance.
 */
export const ID_SLOT = `id-slot-${crypto.randomUUID()}`;

/** Repeated markup cut at its ID_SLOTs, ready to be filled (see fillIdSlots). */
export function cutAtIdSlots(html: string): string[] {
  return html.split(ID_SLOT);
}

/** The markup with one fresh id in each of its ID_SLOTs (the same id in all of them: an element's id and the references to it). */
// Concatenated with + rather than join: V8 then links the parts instead of copying them, and the
// page is copied once, when Astro encodes it.
export function fillIdSlots(parts: readonly string[], freshId: () => string): string {
  if (parts.length === 1) return parts[0]!;
  const id = freshId();
  let html = parts[0]!;
  for (let i = 1; i < parts.length; i += 1) html = html + id + parts[i]!;
  return html;
}
