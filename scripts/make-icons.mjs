#!/usr/bin/env node
/**
 * Renders the web app's PNG icons (manifest, apple-touch-icon, notification badge) from its logo,
 * apps/web/public/favicon.svg. Run it after changing the logo and commit the PNGs: the build does not.
 *
 * Usage: node scripts/make-icons.mjs
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// resvg is the server's dependency (share cards); the web app has none that renders SVG.
const { Resvg } = createRequire(path.join(root, 'apps/server/package.json'))('@resvg/resvg-js');

const publicDir = path.join(root, 'apps/web/public');
const outDir = path.join(publicDir, 'icons');
/** The logo's own tile colour (and the app's theme colour): maskable icons sit on it. */
const TILE = '#171923';

const logo = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const TILE_RECT = /<rect width="64" height="64"[^>]*\/>/;
if (!TILE_RECT.test(logo))
  throw new Error('favicon.svg no longer starts with its 64x64 tile: update this script');
/** The bell alone: the logo's drawing without its tile, in the logo's 64x64 units. */
const bell = logo.replace(/^<svg[^>]*>|<\/svg>\s*$/g, '').replace(TILE_RECT, '');
const bellBox = new Resvg(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${bell}</svg>`,
).getBBox();
if (!bellBox) throw new Error('favicon.svg draws nothing besides its tile');

const render = (svg, size) => new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render();

/**
 * The bell centred on a `size` square, `height` (a fraction of the side) tall, on a solid tile or,
 * without `tile`, on transparency; `fill` recolours it (the badge is one colour).
 */
function bellSvg(size, { height, tile, fill }) {
  const scale = (height * size) / bellBox.height;
  const x = size / 2 - (bellBox.x + bellBox.width / 2) * scale;
  const y = size / 2 - (bellBox.y + bellBox.height / 2) * scale;
  const drawing = fill ? bell.replace(/fill="[^"]*"/g, `fill="${fill}"`) : bell;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    tile ? `<rect width="${size}" height="${size}" fill="${tile}"/>` : '',
    `<g transform="translate(${x} ${y}) scale(${scale})">${drawing}</g>`,
    '</svg>',
  ].join('');
}

/**
 * Throws if anything but the tile colour lies outside the maskable safe zone (the centred circle of
 * 40% of the side's radius), which launchers may crop away.
 */
function assertInSafeZone(image) {
  const { width, height, pixels } = image;
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(TILE.slice(i, i + 2), 16));
  const radius = 0.4 * width;
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      if (Math.hypot(px + 0.5 - width / 2, py + 0.5 - height / 2) <= radius) continue;
      const i = (py * width + px) * 4;
      if (pixels[i] !== r || pixels[i + 1] !== g || pixels[i + 2] !== b || pixels[i + 3] !== 255)
        throw new Error(`maskable icon ${width}px: the logo reaches (${px}, ${py}), outside the safe zone`);
    }
  }
}

const icons = [
  // Purpose "any": the logo as it is, rounded tile and all.
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  // Purpose "maskable": full-bleed tile, the bell well inside the safe zone.
  { file: 'maskable-192.png', size: 192, svg: bellSvg(192, { height: 0.5, tile: TILE }), maskable: true },
  { file: 'maskable-512.png', size: 512, svg: bellSvg(512, { height: 0.5, tile: TILE }), maskable: true },
  // iOS rounds the corners itself and paints transparency black: a square tile.
  { file: 'apple-touch-icon.png', size: 180, svg: bellSvg(180, { height: 0.62, tile: TILE }) },
  // Android draws a notification badge from its alpha only: the bell in white on transparency.
  { file: 'badge-96.png', size: 96, svg: bellSvg(96, { height: 0.8, fill: '#ffffff' }) },
];

mkdirSync(outDir, { recursive: true });
for (const icon of icons) {
  const image = render(icon.svg, icon.size);
  if (image.width !== icon.size || image.height !== icon.size)
    throw new Error(`${icon.file} came out ${image.width}x${image.height}`);
  if (icon.maskable) assertInSafeZone(image);
  writeFileSync(path.join(outDir, icon.file), image.asPng());
  console.log(`apps/web/public/icons/${icon.file} (${icon.size}x${icon.size})`);
}
