/** Debian's Chromium with the flags every package's browser tests use. */
export { launchChromium } from '@slugsmith/test-support';
