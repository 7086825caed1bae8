document.addEventListener('submit', (event) => {
  const form = event.target;
  if (form instanceof HTMLFormElement && !form.hasAttribute('action') && form.closest('astro-island[ssr]')) {
    event.preventDefault();
    form.dataset.submitBeforeHydration = '';
  }
}, true);
