(() => {
  const frame = document.querySelector('[data-listing-params]');
  const params = frame?.dataset.listingParams?.split(' ') ?? [];
  const address = new URLSearchParams(location.search);
  if (params.some((param) => address.has(param))) {
    const root = document.documentElement;
    root.setAttribute('data-listing-pending', '');
    setTimeout(() => root.removeAttribute('data-listing-pending'), 8000);
  }
})();
