import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { BRAND_COLOUR, PAGE_BACKGROUND } from '../../platform/email-layout';
import type { RawRoute, RawRouteDeps } from '../../platform/raw-routes';
import { uploadKeyOf } from '../account';
import { type MerchantRow, studioRow, toMchInfo } from '../merchant';

/*
 * The member app as an installable app (DESIGN.md "The member app as a PWA"): its web manifest and
 * home-screen icons are the studio's, built from the studio row when asked, so a new name or logo
 * saved in the back office reaches the next install without a new build of the app. The back
 * office is not a PWA and links none of this.
 */

/** What Android shows under the icon: longer names are cut there, so the manifest cuts them first. */
const SHORT_NAME_MAX = 12;

/** The icons the manifest lists, by the file name they are served under (`/icons/<name>`). */
export const APP_ICONS = {
  'icon-192.png': { size: 192, maskable: false },
  'icon-512.png': { size: 512, maskable: false },
  'maskable-512.png': { size: 512, maskable: true },
} as const;
type IconName = keyof typeof APP_ICONS;

/**
 * A maskable icon's launcher may crop it to any shape inside the central circle of 80% of its side
 * (the W3C "safe zone"); a square logo fits that circle at 80% / √2 of the side.
 */
const MASKABLE_LOGO_SHARE = 0.8 / Math.SQRT2;
/** Breathing room around the logo of an ordinary icon. */
const ICON_LOGO_SHARE = 0.84;

export function shortNameOf(name: string): string {
  const whole = name.trim();
  if ([...whole].length <= SHORT_NAME_MAX) return whole;
  // "Lotus Flow Studio" → "Lotus Flow": whole words while they fit, else the name cut.
  let short = '';
  for (const word of whole.split(/\s+/)) {
    const next = short ? `${short} ${word}` : word;
    if ([...next].length > SHORT_NAME_MAX) break;
    short = next;
  }
  return short || [...whole].slice(0, SHORT_NAME_MAX).join('');
}

/** The web manifest of the member app, in the studio's default language. */
export function appManifest(row: MerchantRow) {
  const info = toMchInfo(row, row.defaultLocale);
  const name = info.name.trim() || 'Studio';
  return {
    id: '/',
    name,
    short_name: shortNameOf(name),
    description: info.description,
    lang: row.defaultLocale,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    // The page background, as index.html's theme-color: the installed app's title bar matches the
    // app's own bars instead of changing colour once the page loads.
    theme_color: PAGE_BACKGROUND,
    background_color: PAGE_BACKGROUND,
    icons: Object.entries(APP_ICONS).map(([file, icon]) => ({
      src: `/icons/${file}`,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.maskable ? 'maskable' : 'any',
    })),
  };
}

/** The first letter of the studio's name, for the icon of a studio without a logo. */
export function initialOf(name: string): string {
  const [first] = new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(name.trim());
  return (first?.segment ?? 'S').toLocaleUpperCase();
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The studio's initial in white on the brand colour, full bleed (the launcher rounds it). */
function initialIcon(initial: string, size: number, maskable: boolean): Promise<Buffer> {
  // Inside the safe zone when maskable; a little larger otherwise.
  const fontSize = Math.round(size * (maskable ? 0.4 : 0.55));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<rect width="${size}" height="${size}" fill="${BRAND_COLOUR}"/>
<text x="50%" y="50%" dy="0.35em" text-anchor="middle" fill="#FFFFFF" font-size="${fontSize}" font-weight="600"
 font-family="-apple-system, Segoe UI, Noto Sans, Noto Sans CJK SC, DejaVu Sans, sans-serif">${escapeXml(initial)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The logo, scaled into its share of the icon on a solid page-coloured square (iOS shows transparency as black). */
async function logoIcon(logo: Buffer, size: number, maskable: boolean): Promise<Buffer> {
  const inner = Math.round(size * (maskable ? MASKABLE_LOGO_SHARE : ICON_LOGO_SHARE));
  const header = await sharp(logo).metadata();
  // A vector logo is drawn at the density that gives the size wanted, not scaled up from 72 dpi.
  const density =
    header.format === 'svg'
      ? Math.min(2400, Math.ceil((72 * inner) / Math.max(1, Math.min(header.width, header.height))))
      : undefined;
  const scaled = await sharp(logo, { density, failOn: 'none', animated: false })
    .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  const composed = await sharp({ create: { width: size, height: size, channels: 3, background: PAGE_BACKGROUND } })
    .composite([{ input: scaled, gravity: 'centre' }])
    .png()
    .toBuffer();
  // Compositing adds an alpha channel; the icon has none to show (a maskable icon must be opaque).
  return sharp(composed).flatten({ background: PAGE_BACKGROUND }).png().toBuffer();
}

/** A file inside `root` named by `relative`, or null when the name would leave it. */
function inside(root: string, relative: string): string | null {
  const file = path.resolve(root, relative);
  return file.startsWith(path.resolve(root) + path.sep) ? file : null;
}

/**
 * The logo's bytes: an upload (`/uploads/...`, from the upload storage: DATA_DIR or the bucket) or a
 * file of the built app (the demo studio's `/demo/logo.svg`). Null when there is none or it cannot be read.
 */
async function readLogo(logo: string, deps: RawRouteDeps): Promise<Buffer | null> {
  if (!logo.startsWith('/') || logo.startsWith('//') || logo.includes('\0')) return null;
  if (logo.startsWith('/uploads/')) {
    const key = uploadKeyOf(logo);
    return key ? deps.deps.uploads.get(key).catch(() => null) : null;
  }
  const file = inside(deps.config.WEB_DIST, logo.slice(1));
  if (!file) return null;
  return readFile(file).catch(() => null);
}

/** Changes when the drawing below does, so icons drawn before are fetched again. */
const ICONS_DRAWN_BY = 'v1';

const etagOf = (...parts: string[]) =>
  `"${createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 27)}"`;

/** Answers 304 when the browser holds this version already; else sets the validators for the answer. */
function notModified(req: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  // Revalidated on every use: cheap (a 304), and a new name or logo shows on the next look.
  reply.header('etag', etag).header('cache-control', 'no-cache');
  const held = req.headers['if-none-match'];
  return typeof held === 'string' && held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * `GET /manifest.webmanifest` and `GET /icons/{icon-192,icon-512,maskable-512}.png`: the member app's
 * web manifest and icons from the studio row (its name, description, default language and logo;
 * without a logo, its initial on the brand colour). Each carries an ETag of what it is made from.
 */
export const appManifestRoutes: RawRoute = {
  name: 'app manifest',
  register(app, deps) {
    // Icons rendered for a logo and name are kept for this app's life: the studio changes them rarely.
    const rendered = new Map<string, Promise<Buffer>>();
    const studio = () => studioRow({ db: deps.db, deps: deps.deps, clock: deps.clock });

    app.get('/manifest.webmanifest', async (req, reply) => {
      const body = JSON.stringify(appManifest(await studio()));
      if (notModified(req, reply, etagOf(body))) return reply.status(304).send();
      return reply.type('application/manifest+json; charset=utf-8').send(body);
    });

    app.get<{ Params: { file: string } }>('/icons/:file', async (req, reply) => {
      const icon = Object.hasOwn(APP_ICONS, req.params.file) ? APP_ICONS[req.params.file as IconName] : null;
      if (!icon) return reply.status(404).type('text/plain').send('Not found');
      const row = await studio();
      const initial = initialOf(toMchInfo(row, row.defaultLocale).name || 'Studio');
      // What the icon is drawn from: an uploaded logo's url names its bytes for good (uploads are never overwritten).
      const key = `${req.params.file}\n${row.logo}\n${initial}`;
      const etag = etagOf(ICONS_DRAWN_BY, key);
      if (notModified(req, reply, etag)) return reply.status(304).send();
      let png = rendered.get(key);
      if (!png) {
        png = (async () => {
          const logo = row.logo ? await readLogo(row.logo, deps) : null;
          if (logo) {
            const drawn = await logoIcon(logo, icon.size, icon.maskable).catch(() => null);
            if (drawn) return drawn;
          }
          return initialIcon(initial, icon.size, icon.maskable);
        })();
        if (rendered.size >= 32) rendered.clear();
        rendered.set(key, png);
        png.catch(() => rendered.delete(key));
      }
      // Mail apps show icon-192 as the logo of the studio's e-mails (platform/email-layout.ts), from their own origin.
      return reply
        .header('cross-origin-resource-policy', 'cross-origin')
        .type('image/png')
        .send(await png);
    });
  },
};
