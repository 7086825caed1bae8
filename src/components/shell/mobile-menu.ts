/**
 * The header's menu on phones: the toggle, the categories inside it, Escape (back onto the toggle)
 * and a followed link close it. The open menu covers the page, so Tab and Shift+Tab cycle through
 * the toggle, the header's search box (shown over the menu below 640px) and the menu's links
 * rather than reaching the page behind. A press on the toggle before this script has run (a slow
 * phone shows the header a while before) opens the menu as soon as it does.
 */
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
    /** The open menu's Tab stops in order: those shown now (a collapsed Categories list's are not). */
    const tabStops = () =>
      [toggle, document.getElementById('header-search'), ...panel.querySelectorAll<HTMLElement>('a[href], button')].filter((stop): stop is HTMLElement => !!stop?.checkVisibility());

    toggle.addEventListener('click', () => setOpen(panel.hidden));
    // Pressed before this script had run: the head's inline script kept the press (press-before-script.ts).
    if ('pressedEarly' in toggle.dataset) {
      delete toggle.dataset.pressedEarly;
      setOpen(true);
    }
    categoriesButton.addEventListener('click', () => setCategories(categories.hidden));
    panel.addEventListener('click', (event) => {
      if ((event.target as Element).closest('a')) setOpen(false);
    });
    document.addEventListener('keydown', (event) => {
      if (panel.hidden) return;
      if (event.key === 'Escape') {
        setOpen(false);
        toggle.focus();
      } else if (event.key === 'Tab' && toggle.checkVisibility()) {
        // (A window widened past 768px hides the menu even when open; Tab is then the page's again.)
        const stops = tabStops();
        const at = stops.indexOf(document.activeElement as HTMLElement);
        event.preventDefault();
        stops[at === -1 ? 0 : (at + (event.shiftKey ? stops.length - 1 : 1)) % stops.length]!.focus();
      }
    });
  }
}
customElements.define('mobile-menu', MobileMenu);
