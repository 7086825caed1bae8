/**
 * <scroll-carousel>: a horizontal strip with previous/next arrows. Each arrow scrolls by a step
 * that depends on the viewport (spec: 200px below 640px, 250px below 768px, otherwise 300px, or
 * the strip's own data-step); clicks within 300 ms of the last one are ignored so a double click
 * does not skip cards. With data-progress it fills a progress bar (at least 15% wide).
 */
import { carouselProgress, carouselStep } from './carousel-steps.ts';

const CLICK_GUARD_MS = 300;

class ScrollCarousel extends HTMLElement {
  #lastClick = 0;

  connectedCallback() {
    const track = this.querySelector<HTMLElement>('[data-track]');
    if (!track) return;
    const previous = this.querySelector<HTMLButtonElement>('[data-previous]');
    const next = this.querySelector<HTMLButtonElement>('[data-next]');
    const bar = this.querySelector<HTMLElement>('[data-progress-bar]');
    const fixedStep = Number(this.dataset.step) || 0;

    const update = () => {
      const atStart = track.scrollLeft <= 1;
      const atEnd = track.scrollLeft + track.clientWidth >= track.scrollWidth - 1;
      if (previous) previous.disabled = atStart;
      if (next) next.disabled = atEnd;
      if (bar) bar.style.width = `${carouselProgress(track.scrollLeft, track.scrollWidth, track.clientWidth) * 100}%`;
    };
    const scroll = (direction: 1 | -1) => {
      const now = performance.now();
      if (now - this.#lastClick < CLICK_GUARD_MS) return;
      this.#lastClick = now;
      track.scrollBy({ left: direction * (fixedStep || carouselStep(window.innerWidth)), behavior: 'smooth' });
    };

    previous?.addEventListener('click', () => scroll(-1));
    next?.addEventListener('click', () => scroll(1));
    track.addEventListener('scroll', update, { passive: true });
    new ResizeObserver(update).observe(track);
    update();
  }
}

if (!customElements.get('scroll-carousel')) customElements.define('scroll-carousel', ScrollCarousel);
