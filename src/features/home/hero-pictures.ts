/** <hero-pictures>: shows the first set of pictures after 300 ms, then alternates sets every 5 s. */
const FIRST_AFTER_MS = 300;
const ALTERNATE_EVERY_MS = 5000;

class HeroPictures extends HTMLElement {
  #timers: ReturnType<typeof setTimeout>[] = [];

  connectedCallback() {
    const sets = [...this.querySelectorAll<HTMLElement>('[data-set]')];
    if (sets.length === 0) return;
    let shown = 0;
    const show = (index: number) => sets.forEach((set, i) => set.toggleAttribute('data-shown', i === index));
    this.#timers.push(
      setTimeout(() => {
        show(shown);
        if (sets.length > 1) {
          this.#timers.push(setInterval(() => show((shown = (shown + 1) % sets.length)), ALTERNATE_EVERY_MS));
        }
      }, FIRST_AFTER_MS),
    );
  }

  disconnectedCallback() {
    this.#timers.forEach((timer) => clearTimeout(timer));
  }
}

if (!customElements.get('hero-pictures')) customElements.define('hero-pictures', HeroPictures);
