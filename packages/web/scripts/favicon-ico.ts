/**
 * Writes public/favicon.ico from public/favicon.svg: crawlers and old clients ask for
 * /favicon.ico whatever the page links. Chromium draws the SVG at 16, 32 and 48 pixels and the
 * ICO holds the three PNGs (an ICO entry may be a PNG). Run after changing the SVG:
 * `npx tsx packages/web/scripts/favicon-ico.ts`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@slugsmith/test-support';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const SIZES = [16, 32, 48];

/** ICONDIR, then an ICONDIRENTRY per image, then the images. */
export function icoFromPngs(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size % 256, at);
    header.writeUInt8(size % 256, at + 1);
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(32, at + 6);
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

const svg = await readFile(`${publicDir}favicon.svg`, 'utf8');
const browser = await launchChromium();
try {
  const images = [];
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    images.push({ size, png: await page.screenshot({ omitBackground: true }) });
    await page.close();
  }
  await writeFile(`${publicDir}favicon.ico`, icoFromPngs(images));
} finally {
  await browser.close();
}
