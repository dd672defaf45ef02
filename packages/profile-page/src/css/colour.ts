/** Colour helpers for contrast-safe defaults: text that stays readable on the colours a profile picks. */
import { isCssColour, isSafeCssColourValue } from '@profilehub/shared';

type ColourLike = { color?: string | undefined; css?: string | undefined } | undefined | null;

/** The CSS value of a Colour value (spec §3): its `css` when it is a safe colour or gradient, else its `color`. */
export function colourValue(value: ColourLike): string | undefined {
  const css = typeof value?.css === 'string' ? value.css.trim() : '';
  if (css && isSafeCssColourValue(css)) return css;
  const color = typeof value?.color === 'string' ? value.color.trim() : '';
  return color && isCssColour(color) && isSafeCssColourValue(color) ? color : undefined;
}

/** A plain colour (not a gradient) accepted by {@link isCssColour}, or undefined. */
export function solidColour(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim();
  return v && isCssColour(v) && isSafeCssColourValue(v) ? v : undefined;
}

const NAMED: Readonly<Record<string, [number, number, number]>> = {
  white: [255, 255, 255],
  black: [0, 0, 0],
  red: [255, 0, 0],
  green: [0, 128, 0],
  blue: [0, 0, 255],
  yellow: [255, 255, 0],
  orange: [255, 165, 0],
  gray: [128, 128, 128],
  grey: [128, 128, 128],
  silver: [192, 192, 192],
  navy: [0, 0, 128],
  teal: [0, 128, 128],
  purple: [128, 0, 128],
  maroon: [128, 0, 0],
  gold: [255, 215, 0],
  pink: [255, 192, 203],
  transparent: [255, 255, 255],
};

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** The RGB of a plain colour (hex, rgb(), hsl(), a few names); undefined for gradients and unknown names. */
export function parseRgb(value: string | undefined): [number, number, number] | undefined {
  if (!value) return undefined;
  const v = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,8})$/.exec(v)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex.slice(0, 3)].map((c) => c + c).join('') : hex.slice(0, 6);
    if (full.length !== 6) return undefined;
    return [Number.parseInt(full.slice(0, 2), 16), Number.parseInt(full.slice(2, 4), 16), Number.parseInt(full.slice(4, 6), 16)];
  }
  const fn = /^(rgba?|hsla?)\(([^)]*)\)$/.exec(v);
  if (fn) {
    const parts = (fn[2] ?? '').split(/[\s,/]+/).filter(Boolean);
    const num = (i: number) => Number.parseFloat(parts[i] ?? '');
    if (fn[1]?.startsWith('rgb')) {
      const channel = (i: number) => ((parts[i] ?? '').endsWith('%') ? (num(i) * 255) / 100 : num(i));
      const rgb = [channel(0), channel(1), channel(2)];
      return rgb.every(Number.isFinite) ? (rgb.map((c) => Math.max(0, Math.min(255, c))) as [number, number, number]) : undefined;
    }
    const [h, s, l] = [num(0), num(1) / 100, num(2) / 100];
    return [h, s, l].every(Number.isFinite) ? hslToRgb(((h % 360) + 360) % 360, Math.min(1, s), Math.min(1, l)) : undefined;
  }
  return NAMED[v];
}

/** WCAG relative luminance. */
function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastRatio(a: [number, number, number], b: [number, number, number]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const DARK_TEXT = '#1b2230';
const LIGHT_TEXT = '#f7f8fa';

/** Dark or light text, whichever reads better on `background` (dark when it is not a plain colour). */
export function readableOn(background: string | undefined, dark = DARK_TEXT, light = LIGHT_TEXT): string {
  const rgb = parseRgb(background);
  if (!rgb) return dark;
  const darkRgb = parseRgb(dark) ?? [0, 0, 0];
  const lightRgb = parseRgb(light) ?? [255, 255, 255];
  return contrastRatio(rgb, darkRgb) >= contrastRatio(rgb, lightRgb) ? dark : light;
}

/**
 * `fg` when it reads on `bg` with at least `min` contrast (WCAG: 4.5 for text, 3 for icons and
 * large text), else whichever of dark or white reads better on `bg`. A colour chosen by a
 * theme or a profile never makes a button unreadable; gradients (no single colour) pass as set.
 */
export function readableOr(fg: string | undefined, bg: string | undefined, min = 4.5): string | undefined {
  if (!fg) return undefined;
  const f = parseRgb(fg);
  const b = parseRgb(bg);
  if (!f || !b) return fg;
  return contrastRatio(f, b) >= min ? fg : readableOn(bg, DARK_TEXT, '#fff');
}

const hex2 = (n: number) =>
  Math.round(Math.max(0, Math.min(255, n)))
    .toString(16)
    .padStart(2, '0');

/** `amount` of colour `a` over colour `b` (both plain colours), as hex; undefined when either is not a plain colour. */
export function mixColours(a: string | undefined, b: string | undefined, amount: number): string | undefined {
  const x = parseRgb(a);
  const y = parseRgb(b);
  if (!x || !y) return undefined;
  return `#${x.map((c, i) => hex2(c * amount + (y[i] ?? 0) * (1 - amount))).join('')}`;
}
