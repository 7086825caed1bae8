/**
 * The product gallery's rules: which media it shows, which item is selected, and which four
 * thumbnails are in view; and the colour chips beside it (issue 13): each variant with its swatch
 * and the item showing its picture, and the variant a link's ?variant= chooses. Pure, so the
 * <product-gallery> and <variant-chips> elements only map this state onto markup.
 */
import type { Media, Variant } from '../catalog/core/model.ts';
import { variantSwatch, type Swatch } from '../catalog/cards/swatch.ts';

/** Thumbnails in view at once (spec: gallery 4 thumbnails). */
export const VISIBLE_THUMBNAILS = 4;
/** Thumbnail size and gap in px (spec: 80 px thumbnails, 8 px gap). */
export const THUMBNAIL_SIZE = 80;
export const THUMBNAIL_GAP = 8;

export interface GalleryState {
  /** The selected item. */
  index: number;
  /** The first thumbnail in view. */
  offset: number;
  total: number;
  visible: number;
}

/** An item of the gallery; a variant's own picture carries the variant's name. */
export interface GalleryItem extends Media {
  variant?: string;
}

/**
 * Gallery media (spec: the main image plus the extra media, images or videos; issue 13: then the
 * variants' own pictures, so choosing a variant can show it); blank URLs and repeats dropped.
 */
export function galleryMedia(product: { imageUrl: string; media: readonly Media[]; variants: readonly Variant[] }): GalleryItem[] {
  const seen = new Set<string>();
  const variantPictures = product.variants.flatMap((v) => (v.imageUrl ? [{ type: 'image' as const, url: v.imageUrl, variant: v.name }] : []));
  return [{ type: 'image' as const, url: product.imageUrl }, ...product.media, ...variantPictures].filter((item) => {
    const url = item.url.trim();
    if (!url || seen.has(url)) return false;
    seen.add(url);
    return true;
  });
}

/** A gallery of `total` items (spec: the selected index starts at 0). */
export function initialGallery(total: number, visible: number = VISIBLE_THUMBNAILS): GalleryState {
  return { index: 0, offset: 0, total: Math.max(0, total), visible };
}

/** Whether the previous arrow works (spec: disabled at the first item). */
export function canGoPrevious(state: GalleryState): boolean {
  return state.index > 0;
}

/** Whether the next arrow works (spec: disabled at the last item). */
export function canGoNext(state: GalleryState): boolean {
  return state.index < state.total - 1;
}

/** Selects an item (spec: hover or click on a thumbnail selects it); the thumbnails follow so it stays in view. */
export function select(state: GalleryState, index: number): GalleryState {
  if (state.total === 0) return state;
  const selected = clamp(Math.trunc(index), 0, state.total - 1);
  let offset = state.offset;
  if (selected < offset) offset = selected;
  else if (selected >= offset + state.visible) offset = selected - state.visible + 1;
  return { ...state, index: selected, offset: clamp(offset, 0, Math.max(0, state.total - state.visible)) };
}

/** The next arrow: one item on; the thumbnail offset moves by 1 within bounds when the selection would leave the view. */
export function next(state: GalleryState): GalleryState {
  return canGoNext(state) ? select(state, state.index + 1) : state;
}

/** The previous arrow: one item back; the thumbnail offset moves by 1 within bounds when the selection would leave the view. */
export function previous(state: GalleryState): GalleryState {
  return canGoPrevious(state) ? select(state, state.index - 1) : state;
}

/** The counter (spec: 'n / total'). */
export function counterText(state: GalleryState): string {
  return `${state.total === 0 ? 0 : state.index + 1} / ${state.total}`;
}

/** How far the thumbnail strip is shifted, in px, to show the thumbnails from `offset` on. */
export function thumbnailShift(state: GalleryState): number {
  return state.offset * (THUMBNAIL_SIZE + THUMBNAIL_GAP);
}

// --- the colour chips ------------------------------------------------------------------------------

export interface VariantChoice {
  name: string;
  swatch: Swatch;
  /** The variant's own picture, or null when it has none. */
  picture: string | null;
  /** The gallery item showing that picture, or null when it has none. */
  slide: number | null;
}

/** The chips of a product's variants, in the admin's order, each pointing at its picture in the gallery. */
export function variantChoices(variants: readonly Variant[], gallery: readonly GalleryItem[]): VariantChoice[] {
  return variants.map((variant) => {
    const picture = variant.imageUrl?.trim() || null;
    const slide = picture === null ? -1 : gallery.findIndex((item) => item.url.trim() === picture);
    return { name: variant.name, swatch: variantSwatch({ name: variant.name, picture }), picture, slide: slide < 0 ? null : slide };
  });
}

/** The variant a page address chooses: the index of the name its ?variant= gives (any letter case, trimmed), or -1. */
export function chosenVariant(wanted: string | null, names: readonly string[]): number {
  const name = wanted?.trim().toLowerCase();
  return name ? names.findIndex((n) => n.trim().toLowerCase() === name) : -1;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
