/**
 * The desktop Categories menu as a disclosure: hovering still opens it by CSS alone, while its
 * button opens and closes it by aria-expanded (which the CSS follows), so keyboard focus alone no
 * longer walks through every category. Escape closes it back onto the button; focus or a click
 * leaving it closes it.
 */
class CategoriesMenu extends HTMLElement {
  connectedCallback() {
    const button = this.querySelector('button')!;
    const isOpen = () => button.getAttribute('aria-expanded') === 'true';
    const setOpen = (open: boolean) => button.setAttribute('aria-expanded', String(open));

    button.addEventListener('click', () => setOpen(!isOpen()));
    this.addEventListener('focusout', (event) => {
      if (!this.contains(event.relatedTarget as Node | null)) setOpen(false);
    });
    document.addEventListener('click', (event) => {
      if (!this.contains(event.target as Node)) setOpen(false);
    });
    document.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !isOpen()) return;
      setOpen(false);
      button.focus();
    });
  }
}
customElements.define('categories-menu', CategoriesMenu);
