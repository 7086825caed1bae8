/**
 * <product-media>: a product card's pictures. On hover it shows the second picture, and after
 * 700 ms cycles through all of them every 2 seconds; hovering a dot shows that picture and stops
 * the cycle; leaving the card goes back to the first picture. Pictures load on first hover.
 * Pointing at a colour swatch of the card, or focusing it, shows that variant's own picture
 * (issue 13); leaving the card or the swatch's focus goes back to the first picture.
 * The dots are made here rather than prebuilt, since they do nothing without this script: the home
 * page's HTML was 18% dots (87 of 486 KB). Nor are they made as the page loads: on the home page
 * (77 cards, 385 dot elements) that was one long task of script, style and layout just after the
 * first paint. Each card makes its own when the page is idle, or at once when the pointer comes to
 * it first. Until the card is hovered they are not displayed, so making them costs no layout or
 * paint.
 */
const CYCLE_DELAY_MS = 700;
const CYCLE_EVERY_MS = 2000;

class ProductMedia extends HTMLElement {
  #pictures: string[] = [];
  #index = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** Ends the listeners of one stay in the page: React moves a card when it reorders a listing (see like-button.ts). */
  #connection = new AbortController();

  connectedCallback() {
    const main = this.querySelector<HTMLImageElement>('img[data-main]');
    if (!main) return;
    this.#connection = new AbortController();
    const { signal } = this.#connection;
    this.#pictures = [main.getAttribute('src') ?? '', ...JSON.parse(this.dataset.pictures ?? '[]')];
    const card = this.closest('.product-card') ?? this;

    card.addEventListener('pointerleave', () => {
      this.#stop();
      this.#show(0);
    }, { signal });
    card.querySelectorAll<HTMLElement>('[data-swatch-picture]').forEach((swatch) => {
      const preview = () => {
        this.#stop();
        this.#showPicture(swatch.dataset.swatchPicture ?? '', -1);
      };
      swatch.addEventListener('pointerenter', preview, { signal });
      swatch.addEventListener('focus', preview, { signal });
      swatch.addEventListener('blur', () => this.#show(0), { signal });
    });
    if (this.#pictures.length < 2) return;

    whenIdle(() => this.#addDots());
    card.addEventListener('pointerenter', () => {
      this.#addDots();
      this.#stop();
      this.#show(1);
      this.#timer = setTimeout(() => this.#cycle(), CYCLE_DELAY_MS);
    }, { signal });
    // Heard on the way up from whichever dot the pointer comes to, made now or later.
    this.addEventListener('pointerover', (event) => {
      const dot = event.target instanceof HTMLElement ? event.target.closest<HTMLElement>('[data-dot]') : null;
      if (!dot) return;
      this.#stop();
      this.#show(Number(dot.dataset.dot));
    }, { signal });
  }

  disconnectedCallback() {
    this.#connection.abort();
    this.#stop();
  }

  /**
   * Gives the card its dots, unless it has them or has left the page. Last among the children, so
   * React, which renders the cards of the listing island, never has to place one of its own nodes
   * next to them; once, should the card be moved.
   */
  #addDots() {
    if (this.isConnected && !this.querySelector('[data-dots]')) this.append(dotsFor(this.#pictures.length));
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
    this.#showPicture(this.#pictures[index] ?? '', index);
  }

  /** Shows `picture`, the card's picture number `index` (-1 for a variant's own). */
  #showPicture(picture: string, index: number) {
    const main = this.querySelector<HTMLImageElement>('img[data-main]');
    if (!main || !picture) return;
    this.#index = index;
    if (main.getAttribute('src') !== picture) main.src = picture;
    this.querySelectorAll<HTMLElement>('[data-dot]').forEach((dot) => {
      dot.toggleAttribute('data-active', Number(dot.dataset.dot) === index);
    });
  }
}

/** `work` once the page is idle; Safari, without requestIdleCallback, runs it on the next turn. */
const whenIdle = (work: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(work) : setTimeout(work));

/** One dot per picture, shown (fading in; global.css) while the card is hovered; hovering a dot shows its picture. */
function dotsFor(count: number): HTMLElement {
  const dots = document.createElement('div');
  dots.className = 'product-card-dots';
  dots.dataset.dots = '';
  for (let index = 0; index < count; index++) {
    const dot = document.createElement('button');
    dot.type = 'button';
    dot.className = 'product-card-dot';
    dot.dataset.dot = String(index);
    dot.setAttribute('aria-label', `Show picture ${index + 1} of ${count}`);
    dot.tabIndex = -1;
    dots.append(dot);
  }
  return dots;
}

if (!customElements.get('product-media')) customElements.define('product-media', ProductMedia);
