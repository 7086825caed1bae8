/**
 * <corner-pictures>: the audience hero's corner pictures float in while the hero is on screen and
 * back out to their corners when it leaves. The element only marks itself data-visible; the
 * motion is CSS, which leaves the pictures in place for visitors who prefer reduced motion, and
 * without JavaScript the pictures simply stand in their corners.
 */
const VISIBLE_SHARE = 0.2;

class CornerPictures extends HTMLElement {
  #observer: IntersectionObserver | undefined;

  connectedCallback() {
    this.#observer = new IntersectionObserver(
      ([entry]) => this.toggleAttribute('data-visible', entry?.isIntersecting ?? false),
      { threshold: VISIBLE_SHARE },
    );
    this.#observer.observe(this);
  }

  disconnectedCallback() {
    this.#observer?.disconnect();
  }
}

if (!customElements.get('corner-pictures')) customElements.define('corner-pictures', CornerPictures);
