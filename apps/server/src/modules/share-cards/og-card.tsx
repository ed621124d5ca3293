import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PRODUCT_NAME } from '@releasebell/contract';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { woffToSfnt } from './woff';

/** The size every link preview asks for (Open Graph's and X's large summary card). */
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

/** The app's dark theme (apps/web/src/app/theme.ts): surfaces and the amber accent. */
const COLORS = {
  background: '#171923',
  surface: '#1f2233',
  border: '#2a2f45',
  text: '#ffffff',
  muted: '#9da3bd',
  accent: '#f6ad55',
} as const;

const MARGIN = 60;
const POSTER_WIDTH = 340;
const POSTER_HEIGHT = OG_HEIGHT - 2 * MARGIN;
const GAP = 56;
/** The text column's box, fixed: satori then wraps and clamps the title inside it. */
const TEXT_WIDTH = OG_WIDTH - 2 * MARGIN - POSTER_WIDTH - GAP;

/** A poster ready to draw: a raster image resvg can decode, or the SVG of a demo poster. */
export type CardPoster = { kind: 'raster'; data: Buffer; contentType: string } | { kind: 'svg'; svg: string };

/** Raster types resvg decodes; another (WebP, AVIF) is drawn as the placeholder. */
const DRAWABLE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif']);

export interface CardInput {
  title: string;
  /** The kind of title, in the card's language: "Movie", "TV Show", "Book". */
  kind: string;
  /** "Release date", in the card's language. */
  releaseLabel: string;
  /** "March 14, 2027", "March 2027", "2027" or "TBD". */
  releaseText: string;
  /** "Directed by Mara Quill", "Mara Quill", a network; null draws nothing. */
  byline: string | null;
  /** The product's tagline, in the card's language. */
  tagline: string;
  poster: CardPoster | null;
}

const FONT_FAMILY = 'Inter';
const FONT_WEIGHTS = [400, 700] as const;

/** One of Inter's subsets (latin, latin-ext, cyrillic, greek, vietnamese...) at one weight. */
interface FontSubset {
  subset: string;
  weight: (typeof FONT_WEIGHTS)[number];
  file: string;
  /** The code points it has: [first, last] ranges, from its CSS `unicode-range`. */
  ranges: [number, number][];
}

/**
 * Inter's subsets as @fontsource/inter's CSS declares them (`{weight}.css`: one @font-face per subset,
 * its .woff file and `unicode-range`).
 */
function parseFontFaces(css: string, weight: FontSubset['weight']): FontSubset[] {
  const faces: FontSubset[] = [];
  for (const block of css.split('@font-face').slice(1)) {
    const file = /url\(\.\/files\/([\w-]+\.woff)\)/.exec(block)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!file || !range) continue;
    const ranges = range.split(',').map((part): [number, number] => {
      const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
      return [Number.parseInt(from ?? '', 16), Number.parseInt(to ?? from ?? '', 16)];
    });
    const subset = file.replace(/^inter-/, '').replace(/-\d+-normal\.woff$/, '');
    faces.push({ subset, weight, file, ranges });
  }
  return faces;
}

/** Emoji and their joiners: no font here draws them, and a title reads fine without them. */
const EMOJI = /\p{Extended_Pictographic}|\u200d|\ufe0f/gu;
const withoutEmoji = (text: string) => text.replace(EMOJI, '').replace(/\s+/g, ' ').trim();

/** The title's size by its length: long titles get smaller type before they are cut (3 lines at most). */
function titleSize(title: string): number {
  if (title.length <= 28) return 68;
  if (title.length <= 60) return 56;
  return 46;
}

/** The bell of the brand, drawn (no emoji font needed). */
function Bell({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill={COLORS.accent}
        d="M12 2a1.5 1.5 0 0 0-1.5 1.5v.6A6.5 6.5 0 0 0 5.5 10.5v4.2L3.8 17a1 1 0 0 0 .8 1.6h14.8a1 1 0 0 0 .8-1.6l-1.7-2.3v-4.2a6.5 6.5 0 0 0-5-6.4v-.6A1.5 1.5 0 0 0 12 2Zm-2.6 17.6a2.7 2.7 0 0 0 5.2 0Z"
      />
    </svg>
  );
}

function Placeholder({ kind }: { kind: string }) {
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        backgroundImage: `linear-gradient(160deg, ${COLORS.border}, ${COLORS.surface})`,
        gap: 20,
      }}
    >
      <Bell size={96} />
      <div style={{ color: COLORS.muted, fontSize: 26, letterSpacing: 4, textTransform: 'uppercase' }}>
        {kind}
      </div>
    </div>
  );
}

/** What the card writes: the title and byline only when the fonts have every letter of them. */
interface CardText {
  title: string | null;
  byline: string | null;
}

function Card({ input, text, posterSrc }: { input: CardInput; text: CardText; posterSrc: string | null }) {
  return (
    <div
      style={{
        width: OG_WIDTH,
        height: OG_HEIGHT,
        display: 'flex',
        // Plain fills only: a blurred shadow or a full-size gradient costs resvg 0.2-2 s a card.
        backgroundColor: COLORS.background,
        fontFamily: FONT_FAMILY,
        color: COLORS.text,
        padding: MARGIN,
      }}
    >
      <div
        style={{
          width: POSTER_WIDTH,
          height: POSTER_HEIGHT,
          display: 'flex',
          flexShrink: 0,
          position: 'relative',
          borderRadius: 18,
          overflow: 'hidden',
          border: `2px solid ${COLORS.border}`,
          backgroundColor: COLORS.surface,
        }}
      >
        {/* Under the poster too: an image resvg cannot decode leaves the placeholder showing. */}
        <Placeholder kind={input.kind} />
        {posterSrc ? (
          <img
            src={posterSrc}
            width={POSTER_WIDTH}
            height={POSTER_HEIGHT}
            alt=""
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              height: '100%',
              objectFit: 'cover',
            }}
          />
        ) : null}
      </div>
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          width: TEXT_WIDTH,
          height: POSTER_HEIGHT,
          marginLeft: GAP,
        }}
      >
        <div
          style={{
            display: 'flex',
            alignSelf: 'flex-start',
            color: COLORS.accent,
            fontSize: 24,
            fontWeight: 700,
            letterSpacing: 4,
            textTransform: 'uppercase',
            padding: '8px 18px',
            borderRadius: 999,
            border: `2px solid ${COLORS.accent}`,
          }}
        >
          {input.kind}
        </div>
        {text.title ? (
          <div
            style={{
              display: 'block',
              marginTop: 28,
              fontSize: titleSize(text.title),
              fontWeight: 700,
              lineHeight: 1.12,
              lineClamp: 3,
              textOverflow: 'ellipsis',
              overflow: 'hidden',
              maxHeight: titleSize(text.title) * 1.12 * 3 + 4,
            }}
          >
            {text.title}
          </div>
        ) : null}
        {text.byline ? (
          <div
            style={{
              display: 'block',
              marginTop: 16,
              fontSize: 28,
              color: COLORS.muted,
              lineClamp: 1,
              textOverflow: 'ellipsis',
              overflow: 'hidden',
              maxHeight: 36,
            }}
          >
            {text.byline}
          </div>
        ) : null}
        <div style={{ display: 'flex', flexDirection: 'column', marginTop: 'auto' }}>
          <div style={{ fontSize: 22, color: COLORS.muted, letterSpacing: 3, textTransform: 'uppercase' }}>
            {input.releaseLabel}
          </div>
          <div style={{ fontSize: 52, fontWeight: 700, color: COLORS.accent, marginTop: 4 }}>
            {input.releaseText}
          </div>
          <div
            style={{
              display: 'flex',
              alignItems: 'center',
              marginTop: 28,
              paddingTop: 24,
              borderTop: `2px solid ${COLORS.border}`,
              fontSize: 28,
            }}
          >
            <Bell size={34} />
            <div style={{ fontWeight: 700, marginLeft: 10 }}>{PRODUCT_NAME}</div>
            <div style={{ color: COLORS.muted, marginLeft: 12 }}>{`· ${input.tagline}`}</div>
          </div>
        </div>
      </div>
    </div>
  );
}

interface LoadedFonts {
  satori: Parameters<typeof satori>[1]['fonts'];
  ttfFiles: string[];
  drawable: (text: string) => boolean;
}

/** Written aside then renamed, so another process never reads half a font. */
async function writeWhole(file: string, data: Buffer) {
  const aside = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(aside, data);
  await rename(aside, file);
}

/**
 * Draws a title's link preview (OG_WIDTH x OG_HEIGHT PNG): satori lays the card out and turns its
 * text into paths (Inter, from @fontsource/inter), resvg rasterises it. Demo posters are SVG with
 * text of their own, which resvg draws: it reads only TTF/OTF, so the same fonts are unpacked once
 * into `fontDir`.
 */
export function createCardRenderer({ fontDir }: { fontDir: string }) {
  const require = createRequire(import.meta.url);
  const packageFile = (file: string) => require.resolve(`@fontsource/inter/${file}`);
  let fonts: Promise<LoadedFonts> | undefined;
  const loadFonts = () => {
    fonts ??= (async (): Promise<LoadedFonts> => {
      const subsets = (
        await Promise.all(
          FONT_WEIGHTS.map(async (weight) =>
            parseFontFaces(await readFile(packageFile(`${weight}.css`), 'utf8'), weight),
          ),
        )
      )
        .flat()
        // Latin first: the fallbacks follow in the order fonts are passed.
        .sort((a, b) => Number(b.subset === 'latin') - Number(a.subset === 'latin'));
      const files = await Promise.all(
        subsets.map(async (f) => ({ ...f, data: await readFile(packageFile(`files/${f.file}`)) })),
      );
      await mkdir(fontDir, { recursive: true });
      const ttfFiles = await Promise.all(
        files.map(async (f) => {
          const target = path.join(fontDir, f.file.replace(/\.woff$/, '.ttf'));
          await writeWhole(target, woffToSfnt(f.data));
          return target;
        }),
      );
      const ranges = subsets.flatMap((f) => f.ranges);
      return {
        // Each subset a family of its own: satori takes a letter the first lacks from the next.
        satori: files.map((f) => ({
          name: f.subset === 'latin' ? FONT_FAMILY : `${FONT_FAMILY} ${f.subset}`,
          data: f.data,
          weight: f.weight,
          style: 'normal' as const,
        })),
        ttfFiles,
        drawable: (text) =>
          [...text].every((c) => {
            const code = c.codePointAt(0) ?? 0;
            return /\s/.test(c) || ranges.some(([from, to]) => code >= from && code <= to);
          }),
      };
    })();
    fonts.catch(() => {
      fonts = undefined;
    });
    return fonts;
  };

  /** A demo poster's SVG drawn at the card's poster size, its text in Inter whatever families it names. */
  function svgPosterToPng(svg: string, ttfFiles: string[]): Buffer {
    return new Resvg(svg, {
      fitTo: { mode: 'width', value: POSTER_WIDTH * 2 },
      font: {
        loadSystemFonts: false,
        fontFiles: ttfFiles,
        defaultFontFamily: FONT_FAMILY,
        serifFamily: FONT_FAMILY,
        sansSerifFamily: FONT_FAMILY,
      },
    })
      .render()
      .asPng();
  }

  async function draw(input: CardInput, posterSrc: string | null): Promise<Buffer> {
    const { satori: satoriFonts, drawable } = await loadFonts();
    const shown = (value: string | null) => {
      const clean = value ? withoutEmoji(value) : '';
      return clean && drawable(clean) ? clean : null;
    };
    const text = { title: shown(input.title), byline: shown(input.byline) };
    const svg = await satori(<Card input={input} text={text} posterSrc={posterSrc} />, {
      width: OG_WIDTH,
      height: OG_HEIGHT,
      fonts: satoriFonts,
    });
    // Satori has drawn every letter as a path: no fonts needed here.
    return new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render().asPng();
  }

  return {
    /**
     * Whether the card's fonts have every letter of `text` (Latin, Greek, Cyrillic, Vietnamese). A
     * title in another script is left off the card (the page's og:title still names it) rather
     * than drawn as empty boxes; demo posters leave it off too.
     */
    async drawable(text: string): Promise<boolean> {
      return (await loadFonts()).drawable(withoutEmoji(text));
    },

    /**
     * The card as PNG bytes. A poster that cannot be drawn (an unknown type, bytes that do not decode)
     * gives the placeholder instead: the card itself never fails because of its poster.
     */
    async render(input: CardInput): Promise<Buffer> {
      const { ttfFiles } = await loadFonts();
      let posterSrc: string | null = null;
      try {
        if (input.poster?.kind === 'svg') {
          posterSrc = `data:image/png;base64,${svgPosterToPng(input.poster.svg, ttfFiles).toString('base64')}`;
        } else if (input.poster && DRAWABLE_TYPES.has(input.poster.contentType)) {
          posterSrc = `data:${input.poster.contentType};base64,${input.poster.data.toString('base64')}`;
        }
      } catch {
        posterSrc = null;
      }
      if (posterSrc) {
        try {
          return await draw(input, posterSrc);
        } catch {
          // The poster's bytes did not decode: the placeholder below.
        }
      }
      return draw(input, null);
    },
  };
}
export type CardRenderer = ReturnType<typeof createCardRenderer>;
