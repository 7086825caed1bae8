/**
 * <variant-chips>: the product page's colour chips (ProductInfo.astro, issue 13). Choosing one
 * shows its own picture in the gallery (brought into view when it is mostly out of it, as on a
 * phone) and names it in the address (?variant=, replacing the entry, so Back still leaves the page);
 * an address naming a variant chooses it on arrival, so a shared link shows the same one. Without
 * JavaScript a chip links to its picture, as a thumbnail does.
 */
import { VARIANT_PARAM } from '../../lib/links.ts';
import type { ProductGallery } from './gallery.ts';
import { chosenVariant } from './gallery-state.ts';

class VariantChips extends HTMLElement {
  connectedCallback() {
    const chips = [...this.querySelectorAll<HTMLAnchorElement>('a[data-variant]')];
    if (chips.length === 0 || this.hasAttribute('data-enhanced')) return;
    this.setAttribute('data-enhanced', '');

    const choose = async (chosen: HTMLAnchorElement, byShopper: boolean) => {
      for (const chip of chips) {
        if (chip === chosen) chip.setAttribute('aria-current', 'true');
        else chip.removeAttribute('aria-current');
      }
      if (byShopper) {
        const address = new URL(location.href);
        address.searchParams.set(VARIANT_PARAM, chosen.dataset.variant ?? '');
        history.replaceState(history.state, '', address);
      }
      await customElements.whenDefined('product-gallery');
      const gallery = document.querySelector<ProductGallery>('product-gallery');
      gallery?.show(Number(chosen.dataset.slide));
      if (byShopper && gallery) bringIntoView(gallery);
    };

    for (const chip of chips) {
      chip.addEventListener('click', (event) => {
        event.preventDefault();
        void choose(chip, true);
      });
    }
    const wanted = chosenVariant(new URLSearchParams(location.search).get(VARIANT_PARAM), chips.map((chip) => chip.dataset.variant ?? ''));
    if (wanted >= 0) void choose(chips[wanted]!, false);
  }
}

/** Scrolls the gallery into view when less than half of it shows, as reduced motion allows. */
function bringIntoView(gallery: HTMLElement): void {
  const { top, bottom, height } = gallery.getBoundingClientRect();
  const shown = Math.min(bottom, window.innerHeight) - Math.max(top, 0);
  if (shown >= height / 2) return;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  gallery.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
}

if (!customElements.get('variant-chips')) customElements.define('variant-chips', VariantChips);
