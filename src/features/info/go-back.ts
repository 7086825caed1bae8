/**
 * <go-back>: a 'Go Back' button that only exists where JavaScript runs (it starts hidden). It
 * returns to the previous page, or home when the visitor arrived here directly.
 */
class GoBack extends HTMLElement {
  connectedCallback() {
    const button = this.querySelector('button');
    if (!button) return;
    button.hidden = false;
    button.addEventListener('click', () => {
      if (history.length > 1) history.back();
      else location.assign('/');
    });
  }
}

if (!customElements.get('go-back')) customElements.define('go-back', GoBack);
