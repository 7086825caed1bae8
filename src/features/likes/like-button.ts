/**
 * <like-button>: a product's heart, kept in step with the likes store; disabled while the likes
 * load and while its own like or unlike is on its way to the server.
 */
import { $likedIds, $likesState, $pendingLikes, loadLikes, toggleLike } from './store.ts';

class LikeButton extends HTMLElement {
  #unsubscribe: (() => void)[] = [];

  connectedCallback() {
    const button = this.querySelector('button');
    const productId = this.dataset.productId;
    if (!button || !productId) return;
    const render = () => {
      const liked = $likedIds.get().includes(productId);
      const pending = $pendingLikes.get().includes(productId);
      button.disabled = $likesState.get() !== 'ready';
      // In flight it is only marked disabled: a truly disabled button would drop the keyboard focus.
      if (pending) button.setAttribute('aria-disabled', 'true');
      else button.removeAttribute('aria-disabled');
      button.style.cursor = pending ? 'wait' : '';
      button.style.opacity = pending ? '0.6' : '';
      button.setAttribute('aria-pressed', String(liked));
      button.setAttribute('aria-label', (liked ? button.dataset.labelRemove : button.dataset.labelAdd) ?? '');
    };
    button.addEventListener('click', (event) => {
      event.preventDefault();
      event.stopPropagation();
      void toggleLike(productId);
    });
    this.#unsubscribe = [$likedIds.subscribe(render), $likesState.subscribe(render), $pendingLikes.subscribe(render)];
    loadLikes();
  }

  disconnectedCallback() {
    this.#unsubscribe.forEach((stop) => stop());
  }
}

if (!customElements.get('like-button')) customElements.define('like-button', LikeButton);
