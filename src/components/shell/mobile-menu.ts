/** The header's menu on phones: the toggle, the categories inside it, Escape and a followed link close it. */
class MobileMenu extends HTMLElement {
  connectedCallback() {
    const toggle = this.querySelector<HTMLButtonElement>('[data-toggle]')!;
    const panel = this.querySelector<HTMLElement>('nav')!;
    const categoriesButton = this.querySelector<HTMLButtonElement>('[data-categories]')!;
    const categories = this.querySelector<HTMLElement>('#mobile-categories')!;

    const setCategories = (open: boolean) => {
      categories.hidden = !open;
      categoriesButton.setAttribute('aria-expanded', String(open));
    };
    const setOpen = (open: boolean) => {
      panel.hidden = !open;
      toggle.setAttribute('aria-expanded', String(open));
      document.documentElement.style.overflow = open ? 'hidden' : '';
      document.documentElement.toggleAttribute('data-menu-open', open);
      if (!open) setCategories(false);
    };

    toggle.addEventListener('click', () => setOpen(panel.hidden));
    categoriesButton.addEventListener('click', () => setCategories(categories.hidden));
    panel.addEventListener('click', (event) => {
      if ((event.target as Element).closest('a')) setOpen(false);
    });
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !panel.hidden) setOpen(false);
    });
  }
}
customElements.define('mobile-menu', MobileMenu);
