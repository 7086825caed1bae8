(() => {
  const placeholders = [...document.querySelectorAll('script[data-after-paint]')];
  if (placeholders.length === 0) return;
  let held = null;
  const hold = (event) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    const control = event.target instanceof Element ? event.target.closest('a[href], button') : null;
    if (!control || control.closest('astro-island')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = control;
  };
  document.addEventListener('click', hold, true);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const loaded = placeholders.map((placeholder) => new Promise((settle) => {
      const script = document.createElement('script');
      script.type = 'module';
      script.async = false;
      script.src = placeholder.dataset.afterPaint;
      script.onload = script.onerror = settle;
      placeholder.replaceWith(script);
    }));
    Promise.all(loaded).then(() => {
      document.removeEventListener('click', hold, true);
      if (held && held.isConnected) held.click();
    });
  };
  for (const type of ['pointerdown', 'touchstart', 'focusin', 'keydown']) addEventListener(type, start, { capture: true, once: true, passive: true });
  if (document.hidden) start();
  else if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
    new PerformanceObserver((_entries, observer) => {
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  } else requestAnimationFrame(() => requestAnimationFrame(start));
})();
