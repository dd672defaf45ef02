import { type MantineColorsTuple, toRgba } from '@mantine/core';

type Rgb = { r: number; g: number; b: number };

const WHITE: Rgb = { r: 255, g: 255, b: 255 };
const BLACK: Rgb = { r: 0, g: 0, b: 0 };

// Share of the brand colour in each tint (0–5) and shade (7–9); index 6 is the brand colour itself,
// which is the shade Mantine uses for filled buttons in the light scheme.
const TINTS = [0.08, 0.18, 0.32, 0.48, 0.66, 0.84];
const SHADES = [0.84, 0.7, 0.56];

function mix(base: Rgb, brand: Rgb, amount: number): Rgb {
  return {
    r: Math.round(base.r + (brand.r - base.r) * amount),
    g: Math.round(base.g + (brand.g - base.g) * amount),
    b: Math.round(base.b + (brand.b - base.b) * amount),
  };
}

function hex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((v) => Math.min(255, Math.max(0, v)).toString(16).padStart(2, '0')).join('')}`;
}

function parse(color: string): Rgb | null {
  const value = color.trim();
  if (!/^(#[0-9a-f]{3,8}|rgba?\(.+\)|hsla?\(.+\))$/i.test(value)) return null;
  const { r, g, b } = toRgba(value);
  return [r, g, b].every((v) => Number.isFinite(v)) ? { r, g, b } : null;
}

/**
 * Ten shades (Mantine's palette shape) around a brand colour given as hex,
 * rgb() or hsl(): tints towards white, the colour itself at index 6, shades
 * towards black. `dark` (brand_dark_color) becomes the hover shade when given.
 */
export function buildPalette(color: string, dark?: string | null): MantineColorsTuple {
  const brand = parse(color) ?? { r: 17, g: 75, b: 138 };
  const hover = dark ? parse(dark) : null;
  const shades = [
    ...TINTS.map((t) => hex(mix(WHITE, brand, t))),
    hex(brand),
    hover ? hex(hover) : hex(mix(BLACK, brand, SHADES[0]!)),
    hex(mix(BLACK, brand, SHADES[1]!)),
    hex(mix(BLACK, brand, SHADES[2]!)),
  ];
  return shades as unknown as MantineColorsTuple;
}

export function isParsableColor(color: string | null | undefined): color is string {
  return Boolean(color && parse(color));
}

/** WCAG relative luminance of a colour. */
function luminance({ r, g, b }: Rgb): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The darkest light surface text sits on in the hub (Mantine's gray.2): a colour readable here is readable on white too. */
const LIGHT_SURFACE: Rgb = { r: 0xe9, g: 0xec, b: 0xef };

/**
 * The colour links are written in: the first of the palette's shades from the brand colour
 * (index 6) towards black that reads at 4.5:1 (WCAG AA) on every light surface of the hub,
 * so a pale brand colour never makes a link unreadable.
 */
export function readableShade(palette: MantineColorsTuple): string {
  const surface = luminance(LIGHT_SURFACE);
  for (const shade of palette.slice(6)) {
    const colour = parse(shade);
    if (colour && (surface + 0.05) / (luminance(colour) + 0.05) >= 4.5) return shade;
  }
  return hex(mix(BLACK, parse(palette[9]) ?? BLACK, 0.6));
}
