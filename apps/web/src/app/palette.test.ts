import { describe, expect, it } from 'vitest';
import { buildPalette, readableShade } from './palette.ts';

describe('buildPalette', () => {
  it('builds ten shades light to dark with the brand colour at index 6', () => {
    const palette = buildPalette('rgb(17, 75, 138)');
    expect(palette).toHaveLength(10);
    expect(palette[6]).toBe('#114b8a');
    const lightness = palette.map((hex) => Number.parseInt(hex.slice(1, 3), 16) + Number.parseInt(hex.slice(3, 5), 16) + Number.parseInt(hex.slice(5, 7), 16));
    for (let i = 1; i < lightness.length; i++) expect(lightness[i]).toBeLessThan(lightness[i - 1]!);
  });

  it('reads hex and hsl, and uses the dark brand colour for hover', () => {
    expect(buildPalette('#c2410c')[6]).toBe('#c2410c');
    expect(buildPalette('hsl(0, 100%, 50%)')[6]).toBe('#ff0000');
    expect(buildPalette('#c2410c', '#7c2d12')[7]).toBe('#7c2d12');
  });

  it('falls back to the product colour for garbage', () => {
    expect(buildPalette('url(javascript:alert(1))')[6]).toBe('#114b8a');
  });
});

describe('readableShade', () => {
  const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const lum = (hex: string) => {
    const [r, g, b] = rgb(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  };

  it('keeps a brand colour that reads on light greys, and darkens one that does not', () => {
    expect(readableShade(buildPalette('#114b8a'))).toBe('#114b8a');
    // Acme's orange read 3.73:1 on #eeeeee as a link in the changes viewer.
    const acme = readableShade(buildPalette('#c85729'));
    expect(acme).not.toBe('#c85729');
    expect(contrast('#c85729', '#eeeeee')).toBeLessThan(4.5);
    for (const surface of ['#ffffff', '#eeeeee', '#e9ecef']) expect(contrast(acme, surface)).toBeGreaterThanOrEqual(4.5);
  });

  it('finds a readable shade for any brand colour, however pale', () => {
    for (const brand of ['#ffd43b', '#ffffff', '#a5d8ff', '#00ff00', '#c85729', '#000000'])
      expect(contrast(readableShade(buildPalette(brand, '#fafafa')), '#e9ecef'), brand).toBeGreaterThanOrEqual(4.5);
  });
});
