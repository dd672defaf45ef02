import { type CSSVariablesResolver, createTheme, type MantineThemeOverride } from '@mantine/core';
import { DEFAULT_BRAND_COLOR, type WhiteLabel } from '@profilehub/shared';
import { buildPalette, isParsableColor } from './palette.ts';

const SUCCESS = '#2f9e62';
const ERROR = '#d6336c';

const fontFamily = "Inter, ui-sans-serif, system-ui, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

function pick(color: string | null | undefined, fallback: string): string {
  return isParsableColor(color) ? color : fallback;
}

/** The Mantine theme for a white-label (or the product's own colours when there is none). */
export function buildTheme(whiteLabel: WhiteLabel | null): MantineThemeOverride {
  const brand = pick(whiteLabel?.brand_color, DEFAULT_BRAND_COLOR);
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: {
      brand: buildPalette(brand, whiteLabel?.brand_dark_color),
      success: buildPalette(pick(whiteLabel?.brand_color_success, SUCCESS)),
      error: buildPalette(pick(whiteLabel?.brand_color_error, ERROR)),
    },
    fontFamily,
    headings: { fontFamily, fontWeight: '700' },
    defaultRadius: 'md',
    cursorType: 'pointer',
    focusRing: 'auto',
    components: {
      Button: { defaultProps: { size: 'md' } },
      TextInput: { defaultProps: { size: 'md' } },
      Modal: { defaultProps: { centered: true, radius: 'lg' } },
    },
  });
}

/** Brand colours as CSS variables, for custom CSS and our own stylesheets. */
export function brandCssVariables(whiteLabel: WhiteLabel | null): CSSVariablesResolver {
  const brand = pick(whiteLabel?.brand_color, DEFAULT_BRAND_COLOR);
  const error = pick(whiteLabel?.brand_color_error, ERROR);
  const variables = {
    '--ph-brand-color': brand,
    '--ph-brand-dark-color': pick(whiteLabel?.brand_dark_color, buildPalette(brand)[7]),
    '--ph-brand-color-success': pick(whiteLabel?.brand_color_success, SUCCESS),
    '--ph-brand-color-error': error,
  };
  // Mantine draws field errors with --mantine-color-error; the brand's error colour replaces it.
  const scheme = { '--mantine-color-error': error };
  return () => ({ variables, light: scheme, dark: scheme });
}
