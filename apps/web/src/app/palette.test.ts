import { describe, expect, it } from 'vitest';
import { buildPalette } from './palette.ts';

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
