document.addEventListener('click', (event) => {
  const control = event.target instanceof Element ? event.target.closest('[data-early-press]') : null;
  if (control instanceof HTMLElement && !customElements.get(control.dataset.earlyPress)) control.dataset.pressedEarly = '';
}, true);
