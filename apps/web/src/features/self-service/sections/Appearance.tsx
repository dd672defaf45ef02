import { Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ColourValue, type CssVariableKey, ICON_STYLES, type ImageFile, type UploadPurpose } from '@profilehub/shared';
import { ColourPicker } from '../components/ColourPicker.tsx';
import { FieldLabel, PermissionToggles } from '../components/fields.tsx';
import { CROPS, type CropSpec, ImageUpload } from '../components/ImageUpload.tsx';
import { useField, useFieldAccess, useProblems } from '../hooks/editor-context.tsx';

const COLOURS: { key: CssVariableKey; label: string; required?: boolean }[] = [
  { key: 'background-color', label: 'Background colour', required: true },
  { key: 'name-font-color', label: 'Title font colour' },
  { key: 'subtitle-font-color', label: 'Subtitle font colour' },
  { key: 'font-color', label: 'Button font colour', required: true },
  { key: 'icon-color', label: 'Icon colour' },
];

/** One colour of `cssVariables` with its permission key `cssVariables.{key}`. */
export function CssColour({
  cssKey,
  label,
  name = label,
  required,
  extraChain = [],
}: {
  cssKey: CssVariableKey;
  label: string;
  /** The accessible name when the label alone is ambiguous on the page. */
  name?: string;
  required?: boolean;
  extraChain?: string[];
}) {
  const [vars, setVars] = useField('cssVariables');
  const key = `cssVariables.${cssKey}`;
  const access = useFieldAccess(key, { chain: ['cssVariables', key, ...extraChain], requiredForPublish: required });
  const problems = useProblems();
  const problem = problems[`cssVariables.${cssKey}.css`] ?? problems[`cssVariables.${cssKey}.color`];
  if (access.hidden) return null;
  const set = (value: ColourValue | undefined) => {
    const next = { ...(vars ?? {}) };
    if (value) next[cssKey] = value;
    else delete next[cssKey];
    setVars(next);
  };
  return (
    <div {...access.anchor}>
      <ColourPicker
        label={name}
        heading={<FieldLabel label={label} access={access} />}
        required={access.required}
        value={vars?.[cssKey]}
        onChange={set}
        disabled={access.locked}
        error={problem}
      />
      <PermissionToggles permissionKey={key} label={label} />
    </div>
  );
}

type ImageFieldName = 'logo' | 'banner' | 'mobileBanner' | 'desktopBanner';

function ImageFieldOf({
  field,
  label,
  purpose,
  crop,
  required,
}: {
  field: ImageFieldName;
  label: string;
  purpose: UploadPurpose;
  crop: CropSpec;
  required?: boolean;
}) {
  const [value, setValue] = useField(field);
  const access = useFieldAccess(field, { requiredForPublish: required });
  if (access.hidden) return null;
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap" {...access.anchor}>
      <div style={{ flex: 1, minWidth: 0 }}>
        <ImageUpload
          label={<FieldLabel label={label} access={access} />}
          name={label.toLowerCase()}
          value={value as ImageFile | undefined}
          onChange={setValue}
          purpose={purpose}
          crop={crop}
          disabled={access.locked}
          required={access.required}
        />
      </div>
      <PermissionToggles permissionKey={field} label={label} />
    </Group>
  );
}

/** Spec §2 Appearance and branding (desktop templates): colours, icon style, logo, background and banners. */
export function Appearance() {
  const [iconStyle, setIconStyle] = useField('iconStyle');
  const iconAccess = useFieldAccess('iconStyle');
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {COLOURS.map((c) => (
          <CssColour key={c.key} cssKey={c.key} label={c.label} required={c.required} />
        ))}
      </SimpleGrid>
      {iconAccess.hidden ? null : (
        <Stack gap={6} {...iconAccess.anchor}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={500}>
              <FieldLabel label="Icon style" access={iconAccess} />
            </Text>
            <PermissionToggles permissionKey="iconStyle" label="Icon style" />
          </Group>
          <Group>
            <SegmentedControl
              aria-label="Icon style"
              value={iconStyle ?? 'regular'}
              disabled={iconAccess.locked}
              onChange={(v) => setIconStyle(v as (typeof ICON_STYLES)[number])}
              data={ICON_STYLES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))}
            />
          </Group>
        </Stack>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ImageFieldOf field="logo" label="Logo" purpose="logo" crop={CROPS.logo} required />
        <ImageFieldOf field="banner" label="Background" purpose="background" crop={CROPS.background} />
        <ImageFieldOf field="mobileBanner" label="Mobile banner" purpose="mobile-banner" crop={CROPS.mobileBanner} required />
        <ImageFieldOf field="desktopBanner" label="Desktop banner" purpose="desktop-banner" crop={CROPS.desktopBanner} required />
      </SimpleGrid>
    </Stack>
  );
}
