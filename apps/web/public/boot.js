// Starts the app once the server-rendered page has been painted (ADR 011), so the page's HTML and its
// largest image have the network to themselves before the app's JavaScript is asked for. The script
// tag's data-modules names the app's entry, then the modules it imports (preloaded at once, not one
// after the other). Written by the build (vite.config.ts, paintFirst).
(() => {
  // A tap on a button between the first paint and the app's start does nothing: the last one is kept
  // for the app to press again once it has taken the page over (src/lib/early-tap.ts).
  let tapped = null;
  const keep = (event) => {
    const control = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
    if (control && !control.disabled) tapped = control;
  };
  addEventListener('click', keep, true);
  window.releasebellTakeEarlyTap = () => {
    removeEventListener('click', keep, true);
    const control = tapped;
    tapped = null;
    return control;
  };

  const script = document.currentScript;
  const [entry, ...imports] = (script?.dataset.modules ?? '').split(' ').filter(Boolean);
  if (!entry) return;
  // The page's language's messages (data-locales maps each language to its module; US English has none).
  try {
    const own = JSON.parse(script?.dataset.locales ?? '{}')[document.documentElement.lang];
    if (own) imports.push(own);
  } catch {}
  const start = () => {
    import(entry);
    for (const href of imports) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
  };
  // After the next frame has been drawn; a page opened in a background tab draws no frame, so at once.
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
  else start();
})();
