/**
 * <product-media>: a product card's pictures. On hover it shows the second picture, and after
 * 700 ms cycles through all of them every 2 seconds; hovering a dot shows that picture and stops
 * the cycle; leaving the card goes back to the first picture. Pictures load on first hover.
 */
const CYCLE_DELAY_MS = 700;
const CYCLE_EVERY_MS = 2000;

class ProductMedia extends HTMLElement {
  #pictures: string[] = [];
  #index = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  connectedCallback() {
    const main = this.querySelector<HTMLImageElement>('img[data-main]');
    if (!main) return;
    this.#pictures = [main.getAttribute('src') ?? '', ...JSON.parse(this.dataset.pictures ?? '[]')];
    if (this.#pictures.length < 2) return;

    const card = this.closest('.product-card') ?? this;
    card.addEventListener('pointerenter', () => {
      this.#show(1);
      this.#timer = setTimeout(() => this.#cycle(), CYCLE_DELAY_MS);
    });
    card.addEventListener('pointerleave', () => {
      this.#stop();
      this.#show(0);
    });
    this.querySelectorAll<HTMLElement>('[data-dot]').forEach((dot) => {
      dot.addEventListener('pointerenter', () => {
        this.#stop();
        this.#show(Number(dot.dataset.dot));
      });
    });
  }

  disconnectedCallback() {
    this.#stop();
  }

  #cycle() {
    this.#timer = setTimeout(() => {
      this.#show((this.#index + 1) % this.#pictures.length);
      this.#cycle();
    }, CYCLE_EVERY_MS);
  }

  #stop() {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #show(index: number) {
    const main = this.querySelector<HTMLImageElement>('img[data-main]');
    const picture = this.#pictures[index];
    if (!main || !picture) return;
    this.#index = index;
    main.src = picture;
    this.querySelectorAll<HTMLElement>('[data-dot]').forEach((dot) => {
      dot.toggleAttribute('data-active', Number(dot.dataset.dot) === index);
    });
  }
}

if (!customElements.get('product-media')) customElements.define('product-media', ProductMedia);
