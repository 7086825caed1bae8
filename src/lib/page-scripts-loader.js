(() => {
  for (const src of document.currentScript.dataset.pageScripts.split(' ')) {
    const script = document.createElement('script');
    script.type = 'module';
    script.async = false;
    script.src = src;
    document.head.append(script);
  }
})();
