/**
 * <featured-blogs>: the blog landing page's featured carousel over its server-rendered markup.
 * The rules live in featured-carousel.ts; this element maps events to actions and shows the
 * state. Keyboard focus inside the large item pauses it like the pointer does, so a keyboard
 * user is not moved on mid-read; with reduced motion preferred it does not auto-advance.
 */
import { AUTO_ADVANCE_MS, featuredCarousel, initialCarouselState, type FeaturedCarouselAction } from './featured-carousel.ts';

class FeaturedBlogs extends HTMLElement {
  #state = initialCarouselState(0);
  #interval: number | undefined;
  #hovered = false;
  #focused = false;

  connectedCallback() {
    const stage = this.querySelector<HTMLElement>('[data-stage]');
    const slides = [...this.querySelectorAll<HTMLElement>('[data-slide]')];
    if (!stage || slides.length === 0) return;
    this.#state = initialCarouselState(slides.length);

    for (const button of this.querySelectorAll<HTMLButtonElement>('[data-previous], [data-next]')) {
      button.hidden = false;
      button.addEventListener('click', () => this.#dispatch({ type: button.matches('[data-previous]') ? 'previous' : 'next' }));
    }
    for (const link of this.querySelectorAll<HTMLElement>('[data-show]')) {
      const show = () => this.#dispatch({ type: 'show', index: Number(link.dataset.show) });
      link.addEventListener('pointerenter', show);
      link.addEventListener('focus', show);
    }
    const pause = () => this.#dispatch({ type: 'pointer', over: this.#hovered || this.#focused });
    stage.addEventListener('pointerenter', () => { this.#hovered = true; pause(); });
    stage.addEventListener('pointerleave', () => { this.#hovered = false; pause(); });
    // Only keyboard focus pauses: a clicked arrow keeps focus after the pointer has gone.
    stage.addEventListener('focusin', (event) => { this.#focused = (event.target as Element).matches(':focus-visible'); pause(); });
    stage.addEventListener('focusout', (event) => {
      if (stage.contains(event.relatedTarget as Node | null)) return;
      this.#focused = false;
      pause();
    });
    this.#restartTimer();
  }

  disconnectedCallback() {
    window.clearInterval(this.#interval);
  }

  #dispatch(action: FeaturedCarouselAction) {
    const before = this.#state;
    this.#state = featuredCarousel(before, action);
    if (this.#state.timer !== before.timer) this.#restartTimer();
    if (this.#state.current !== before.current) this.#render();
  }

  #restartTimer() {
    window.clearInterval(this.#interval);
    if (this.#state.count < 2 || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    this.#interval = window.setInterval(() => this.#dispatch({ type: 'tick' }), AUTO_ADVANCE_MS);
  }

  #render() {
    const { current } = this.#state;
    for (const slide of this.querySelectorAll<HTMLElement>('[data-slide]')) {
      slide.hidden = Number(slide.dataset.slide) !== current;
    }
    for (const link of this.querySelectorAll<HTMLElement>('[data-show]')) {
      if (Number(link.dataset.show) === current) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    }
  }
}

if (!customElements.get('featured-blogs')) customElements.define('featured-blogs', FeaturedBlogs);
