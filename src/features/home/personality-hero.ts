/**
 * The alternative hero's motion: <rotating-name> shows the next category name every 3 seconds and
 * pauses while hovered or focused; <sticker-field> shifts each sticker with the mouse by its depth.
 */
const ROTATE_EVERY_MS = 3000;

class RotatingName extends HTMLElement {
  #timer: ReturnType<typeof setInterval> | undefined;
  #paused = false;

  connectedCallback() {
    const names: string[] = JSON.parse(this.dataset.names ?? '[]');
    if (names.length < 2) return;
    let index = 0;
    this.#timer = setInterval(() => {
      if (this.#paused) return;
      index = (index + 1) % names.length;
      this.textContent = names[index] ?? '';
    }, ROTATE_EVERY_MS);
    const pause = (paused: boolean) => () => (this.#paused = paused);
    this.addEventListener('pointerenter', pause(true));
    this.addEventListener('pointerleave', pause(false));
    this.addEventListener('focus', pause(true));
    this.addEventListener('blur', pause(false));
  }

  disconnectedCallback() {
    clearInterval(this.#timer);
  }
}

class StickerField extends HTMLElement {
  #onMove = (event: PointerEvent) => {
    const x = event.clientX / window.innerWidth - 0.5;
    const y = event.clientY / window.innerHeight - 0.5;
    this.querySelectorAll<HTMLElement>('[data-depth]').forEach((sticker) => {
      const depth = Number(sticker.dataset.depth);
      sticker.style.transform = `translate(${x * depth}px, ${y * depth}px)`;
    });
  };

  connectedCallback() {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    window.addEventListener('pointermove', this.#onMove, { passive: true });
  }

  disconnectedCallback() {
    window.removeEventListener('pointermove', this.#onMove);
  }
}

if (!customElements.get('rotating-name')) customElements.define('rotating-name', RotatingName);
if (!customElements.get('sticker-field')) customElements.define('sticker-field', StickerField);
