import {
  type CSSVariablesResolver,
  createTheme,
  defaultVariantColorsResolver,
  type MantineThemeOverride,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';
import { DEFAULT_BRAND_COLOR, type WhiteLabel } from '@profilehub/shared';
import { buildPalette, isParsableColor, readableShade } from './palette.ts';

const SUCCESS = '#2f9e62';
const ERROR = '#d6336c';

const fontFamily = "Inter, ui-sans-serif, system-ui, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

/**
 * Readable variants (WCAG AA): a light badge or button writes in the darkest shade of its
 * colour (Mantine's default green on pale green reads 3.3:1); filled ones pick black or
 * white text by the fill's luminance (theme.autoContrast).
 */
const readableVariants: VariantColorsResolver = (input) => {
  const colours = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colours;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  // The darkest shade, darkened a third more: green 9 on green 1 is still only 3.8:1.
  return parsed.isThemeColor && parsed.shade === undefined
    ? { ...colours, color: `color-mix(in srgb, var(--mantine-color-${parsed.color}-9) 65%, #000)` }
    : colours;
};

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
    autoContrast: true,
    variantColorResolver: readableVariants,
    focusRing: 'auto',
    components: {
      Button: { defaultProps: { size: 'md' } },
      TextInput: { defaultProps: { size: 'md' } },
      PasswordInput: { defaultProps: { size: 'md' } },
      // Every close button has a name a screen reader can say.
      Modal: { defaultProps: { centered: true, radius: 'lg', closeButtonProps: { 'aria-label': 'Close' } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
      Alert: { defaultProps: { closeButtonLabel: 'Close' } },
      // The colour pickers' own sliders and eye dropper, named.
      ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': 'Pick a colour from the screen' } } },
      ColorPicker: { defaultProps: { saturationLabel: 'Saturation and brightness', hueLabel: 'Hue', alphaLabel: 'Opacity' } },
      // A spinner is a status: its name ("Loading chart") is read out, and a name needs a role.
      Loader: { defaultProps: { role: 'status' } },
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
  // Mantine's dimmed grey reads 3.3:1 on white; this one 5.9:1 (WCAG AA for secondary text).
  // Links in the brand colour itself can be too pale (Acme's reads 3.7:1 on a grey row): the first readable shade.
  const anchor = readableShade(buildPalette(brand, whiteLabel?.brand_dark_color));
  return () => ({ variables, light: { ...scheme, '--mantine-color-dimmed': '#5c636a', '--mantine-color-anchor': anchor }, dark: scheme });
}
