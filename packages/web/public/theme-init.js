// Applies the stored theme (or the system preference) before the app renders, so there is no flash.
(() => {
  let stored = null;
  try {
    stored = localStorage.getItem('theme');
  } catch {
    stored = null;
  }
  const dark = window.matchMedia?.('(prefers-color-scheme: dark)').matches;
  const scheme = stored === 'light' || stored === 'dark' ? stored : dark ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
