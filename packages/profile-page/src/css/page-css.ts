/**
 * The page's one `<style>` block, in cascade order: our base CSS, the theme's
 * CSS, the colours (brand, theme and cssVariables as custom properties, per-button
 * colours), the company's white-label CSS and the profile's own CSS. Every piece
 * goes through {@link sanitizeCss}, so none of them can close the element, import
 * a stylesheet or load an off-site URL, and an unclosed bracket in one piece
 * cannot swallow the next.
 */
import { FONT_SIZE_MAX, FONT_SIZE_MIN } from '@profilehub/shared';
import { BASE_CSS } from './base.ts';
import { colourValue, contrastRatio, DARK_TEXT, mixColours, parseRgb, readableOn, readableOr, solidColour } from './colour.ts';
import { cssString, sanitizeCss } from './sanitize.ts';

type ColourLike = { color?: string | undefined; css?: string | undefined };

export type ButtonColour = { className: string; background?: string | undefined; font?: string | undefined };

export type PageCssInput = {
  brandColor?: string | null | undefined;
  cssVariables?: Readonly<Record<string, ColourLike | undefined>> | undefined;
  buttonColours?: readonly ButtonColour[];
  fontFamily?: string | null | undefined;
  titleSize?: number | undefined;
  subtitleSize?: number | undefined;
  /** An already validated image URL for the page background. */
  backgroundImage?: string | undefined;
  themeCss?: string | null | undefined;
  companyCss?: string | null | undefined;
  profileCss?: string | null | undefined;
};

export const DEFAULT_BRAND = '#114b8a';
const GENERIC_FONTS = new Set(['serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'ui-sans-serif', 'ui-serif', 'ui-rounded']);

/** A font list from the font setting: names of letters, digits, spaces, `_` and `-` only, quoted. */
export function fontStack(fontFamily: unknown): string | undefined {
  if (typeof fontFamily !== 'string') return undefined;
  const names = fontFamily
    .split(',')
    .map((n) => n.replace(/[^\p{L}\p{N} _-]/gu, '').trim())
    .filter((n) => n.length > 0 && n.length <= 60)
    .slice(0, 4)
    .map((n) => (GENERIC_FONTS.has(n.toLowerCase()) ? n.toLowerCase() : cssString(n)));
  return names.length ? `${names.join(',')},ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif` : undefined;
}

const fontSize = (n: unknown) =>
  typeof n === 'number' && Number.isFinite(n) ? `${Math.round(Math.min(FONT_SIZE_MAX, Math.max(FONT_SIZE_MIN, n)))}px` : undefined;

/** The custom properties (declarations only) for the brand, the theme colours and the cssVariables. */
export function colourDeclarations(input: PageCssInput): string {
  const vars = input.cssVariables ?? {};
  const v = (key: string) => colourValue(Object.hasOwn(vars, key) ? vars[key] : undefined);
  const brand = solidColour(input.brandColor) ?? DEFAULT_BRAND;
  const background = v('background-color');
  const backgroundSolid = solidColour(background) ?? '#fff';
  const text = readableOn(backgroundSolid);
  const brandRgb = parseRgb(brand);
  const bgRgb = parseRgb(backgroundSolid);
  // The brand colour as text on the background only when it reads well (WCAG AA), else the text colour.
  const accent = brandRgb && bgRgb && contrastRatio(brandRgb, bgRgb) >= 4.5 ? brand : text === DARK_TEXT ? DARK_TEXT : text;
  const decl: [string, string | undefined][] = [
    ['--ph-brand', brand],
    ['--ph-on-brand', readableOn(brand, DARK_TEXT, '#fff')],
    ['--ph-accent', accent],
    ['--ph-bg', background],
    ['--ph-bg-solid', backgroundSolid],
    ['--ph-text', text],
    // Plain colours rather than color-mix(), so every browser and contrast checker reads them.
    ['--ph-muted', mixColours(text, backgroundSolid, 0.7)],
    ['--ph-surface', mixColours(text, backgroundSolid, 0.04)],
    ['--ph-line', mixColours(text, backgroundSolid, 0.11)],
    // Chosen colours are kept where they read on what they sit on (WCAG AA), else replaced by a readable one.
    ['--ph-name', readableOr(v('name-font-color'), backgroundSolid, 3)],
    ['--ph-subtitle', readableOr(v('subtitle-font-color'), backgroundSolid)],
    ['--ph-btn-fg', readableOr(v('font-color'), brand)],
    ['--ph-icon', readableOr(v('icon-color'), brand, 3)],
    ['--ph-cta-bg', v('main-action-button-background-color')],
    ['--ph-cta-fg', readableOr(v('main-action-button-color'), solidColour(v('main-action-button-background-color')) ?? brand)],
    ['--ph-font', fontStack(input.fontFamily)],
    ['--ph-title-size', fontSize(input.titleSize)],
    ['--ph-subtitle-size', fontSize(input.subtitleSize)],
    ['--ph-page-img', input.backgroundImage ? `url(${cssString(input.backgroundImage)})` : undefined],
  ];
  return decl
    .filter((d): d is [string, string] => d[1] !== undefined)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
}

/**
 * Per-button colour rules (`.ph-k3{--bb:…;--bf:…}`); class names are ours, never the item keys.
 * A button's text stays readable on its own background (or the brand's, when it has none).
 */
export function buttonColourRules(colours: readonly ButtonColour[] = [], brand = DEFAULT_BRAND): string {
  return colours
    .filter((c) => /^ph-k\d{1,3}$/.test(c.className))
    .map((c) => {
      const bg = colourValue({ css: c.background });
      const on = solidColour(bg) ?? (bg ? undefined : brand);
      const chosen = colourValue({ css: c.font });
      const fg = chosen ? readableOr(chosen, on) : on && bg ? readableOn(on, DARK_TEXT, '#fff') : undefined;
      const decl = [bg && `--bb:${bg}`, fg && `--bf:${fg}`].filter(Boolean).join(';');
      return decl ? `.${c.className}{${decl}}` : '';
    })
    .join('');
}

/** The whole `<style>` text. */
export function pageCss(input: PageCssInput): string {
  return [
    BASE_CSS,
    sanitizeCss(input.themeCss),
    sanitizeCss(`:root{${colourDeclarations(input)}}${buttonColourRules(input.buttonColours, solidColour(input.brandColor) ?? DEFAULT_BRAND)}`),
    sanitizeCss(input.companyCss),
    sanitizeCss(input.profileCss),
  ]
    .filter(Boolean)
    .join('\n');
}
