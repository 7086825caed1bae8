/**
 * <like-button>: a product's heart, kept in step with the likes store; disabled while the likes
 * load and while its own like or unlike is on its way to the server.
 */
import { $likedIds, $likesState, $pendingLikes, loadLikes, toggleLike } from './store.ts';

class LikeButton extends HTMLElement {
  /**
   * Ends what one stay in the page set up. React moves a listing's cards when it reorders them, and
   * each move disconnects and connects the element again: set up twice, a guest's click would like
   * and unlike at once.
   */
  #connection = new AbortController();

  connectedCallback() {
    this.#connection = new AbortController();
    const { signal } = this.#connection;
    const button = this.querySelector('button');
    const productId = this.dataset.productId;
    if (!button || !productId) return;
    const render = () => {
      const liked = $likedIds.get().includes(productId);
      const pending = $pendingLikes.get().includes(productId);
      button.disabled = $likesState.get() !== 'ready';
      // In flight it is only marked disabled (and looks it; global.css): a truly disabled button
      // would drop the keyboard focus.
      if (pending) button.setAttribute('aria-disabled', 'true');
      else button.removeAttribute('aria-disabled');
      button.setAttribute('aria-pressed', String(liked));
      button.setAttribute('aria-label', (liked ? button.dataset.labelRemove : button.dataset.labelAdd) ?? '');
    };
    button.addEventListener('click', (event) => {
      event.preventDefault();
      event.stopPropagation();
      void toggleLike(productId);
    }, { signal });
    render();
    for (const stop of [$likedIds.listen(render), $likesState.listen(render), $pendingLikes.listen(render)]) {
      signal.addEventListener('abort', stop);
    }
    loadLikes();
  }

  disconnectedCallback() {
    this.#connection.abort();
  }
}

if (!customElements.get('like-button')) customElements.define('like-button', LikeButton);
