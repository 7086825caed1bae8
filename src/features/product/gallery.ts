/**
 * <product-gallery>: the product page's media gallery over its server-rendered markup. The arrows
 * step through the items, a thumbnail selects its item on hover, click or focus, the counter
 * follows, and the strip of four thumbnails slides to keep the selection in view. show() selects an
 * item from outside (a chosen variant's picture, variant-chips.ts). Without JavaScript the first
 * item shows and the thumbnails link to the full media.
 */
import {
  canGoNext,
  canGoPrevious,
  counterText,
  initialGallery,
  next,
  previous,
  select,
  thumbnailShift,
  type GalleryState,
} from './gallery-state.ts';

export class ProductGallery extends HTMLElement {
  #state: GalleryState = initialGallery(0);
  #render: ((state: GalleryState) => void) | undefined;

  /** Shows item `index`, as a thumbnail would. */
  show(index: number) {
    if (this.#render && index !== this.#state.index) this.#render(select(this.#state, index));
  }

  connectedCallback() {
    const slides = [...this.querySelectorAll<HTMLElement>('[data-slide]')];
    if (slides.length < 2 || this.hasAttribute('data-enhanced')) return;
    const thumbs = [...this.querySelectorAll<HTMLAnchorElement>('[data-thumb]')];
    const back = this.querySelector<HTMLButtonElement>('[data-previous]');
    const forward = this.querySelector<HTMLButtonElement>('[data-next]');
    const counter = this.querySelector<HTMLElement>('[data-counter]');
    const track = this.querySelector<HTMLElement>('[data-thumb-track]');

    const render = (state: GalleryState) => {
      this.#state = state;
      slides.forEach((slide, i) => {
        const shown = i === state.index;
        slide.hidden = !shown;
        if (!shown) slide.querySelector('video')?.pause();
      });
      thumbs.forEach((thumb, i) => {
        if (i === state.index) thumb.setAttribute('aria-current', 'true');
        else thumb.removeAttribute('aria-current');
      });
      if (back) back.disabled = !canGoPrevious(state);
      if (forward) forward.disabled = !canGoNext(state);
      if (counter) counter.textContent = counterText(state);
      if (track) track.style.transform = `translateX(-${thumbnailShift(state)}px)`;
    };
    this.#render = render;

    back?.addEventListener('click', () => render(previous(this.#state)));
    forward?.addEventListener('click', () => render(next(this.#state)));
    thumbs.forEach((thumb, i) => {
      thumb.addEventListener('click', (event) => {
        event.preventDefault();
        this.show(i);
      });
      thumb.addEventListener('pointerenter', () => this.show(i));
      // A thumbnail reached with Tab may sit outside the four in view; selecting it brings it in.
      thumb.addEventListener('focus', () => this.show(i));
    });

    back?.removeAttribute('hidden');
    forward?.removeAttribute('hidden');
    this.setAttribute('data-enhanced', '');
    render(initialGallery(slides.length));
  }
}

if (!customElements.get('product-gallery')) customElements.define('product-gallery', ProductGallery);
