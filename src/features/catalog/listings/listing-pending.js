(() => {
  const params = document.currentScript.parentElement.dataset.listingParams.split(' ');
  const address = new URLSearchParams(location.search);
  if (params.some((param) => address.has(param))) {
    const root = document.documentElement;
    root.setAttribute('data-listing-pending', '');
    setTimeout(() => root.removeAttribute('data-listing-pending'), 8000);
  }
})();
