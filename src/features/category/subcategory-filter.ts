/**
 * <subcategory-filter>: the chips above a category page's popular products switch the shown list
 * between All and each subcategory. Every list is prebuilt; all but the shown one wait in
 * <template>s, so the page carries one list of live cards. A choice always renders a fresh copy
 * of its template, because the cards' own elements (likes, pictures) set themselves up once per
 * node. Without JavaScript the chips stay hidden and the All list shows.
 */
class SubcategoryFilter extends HTMLElement {
  connectedCallback() {
    const chips = this.querySelector<HTMLElement>('[data-chips]');
    const shown = this.querySelector<HTMLElement>('[data-shown]');
    if (!chips || !shown) return;
    const lists = new Map<string, HTMLTemplateElement>();
    this.querySelectorAll<HTMLTemplateElement>('template[data-list]').forEach((t) => lists.set(t.dataset.list ?? '', t));
    const initial = document.createElement('template');
    initial.content.append(...[...shown.childNodes].map((node) => node.cloneNode(true)));
    lists.set(shown.dataset.shown ?? '', initial);

    chips.hidden = false;
    chips.addEventListener('click', (event) => {
      const chip = (event.target as Element).closest<HTMLButtonElement>('button[data-choice]');
      const list = chip && lists.get(chip.dataset.choice ?? '');
      if (!chip || !list || chip.getAttribute('aria-pressed') === 'true') return;
      shown.replaceChildren(list.content.cloneNode(true));
      shown.dataset.shown = chip.dataset.choice;
      chips.querySelectorAll('button[data-choice]').forEach((b) => b.setAttribute('aria-pressed', String(b === chip)));
    });
  }
}

if (!customElements.get('subcategory-filter')) customElements.define('subcategory-filter', SubcategoryFilter);
