import { Button, ColorInput, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DEFAULT_QR_STYLE, QR_CODE, QR_CORNER_DOT_TYPES, QR_CORNER_SQUARE_TYPES, QR_DOT_TYPES, type QrStyle } from '@profilehub/shared';
import { useEffect, useRef } from 'react';
import { PartPermissions } from '../components/fields.tsx';
import { useEditor, useField, useFieldAccess } from '../hooks/editor-context.tsx';
import { publicPageUrl } from './public-url.ts';

type QrLib = typeof import('qr-code-styling').default;
type QrInstance = InstanceType<QrLib>;

const label = (s: string) => s.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** qr-code-styling options of spec §9 from the profile's QR style. */
function optionsOf(style: QrStyle, data: string) {
  const colours = { ...DEFAULT_QR_STYLE.colorOptions, ...style.colorOptions };
  return {
    width: QR_CODE.size,
    height: QR_CODE.size,
    margin: QR_CODE.margin,
    type: 'canvas' as const,
    data,
    qrOptions: { errorCorrectionLevel: QR_CODE.errorCorrectionLevel },
    dotsOptions: { type: style.dotType ?? DEFAULT_QR_STYLE.dotType, color: colours.dots?.color ?? QR_CODE.defaultColor },
    cornersSquareOptions: { type: style.cornerSquareType ?? DEFAULT_QR_STYLE.cornerSquareType, color: colours.cornerSquares?.color ?? QR_CODE.defaultColor },
    cornersDotOptions: { type: style.cornerDotType ?? DEFAULT_QR_STYLE.cornerDotType, color: colours.cornerDots?.color ?? QR_CODE.defaultColor },
    backgroundOptions: { color: '#ffffff' },
  };
}

/** Spec §2 QR code designer: body shape, eye frame and eye ball with their colours; PNG download named QRCode. */
export function QrCode() {
  const { view } = useEditor();
  const [style = {}, setStyle] = useField('qrCodeData');
  const access = useFieldAccess('qrCodeData');
  const box = useRef<HTMLDivElement>(null);
  const qr = useRef<QrInstance | null>(null);
  const data = publicPageUrl(view) ?? `${window.location.origin}/`;

  useEffect(() => {
    let cancelled = false;
    const options = optionsOf(style, data);
    if (qr.current) {
      qr.current.update(options);
      return;
    }
    void import('qr-code-styling').then(({ default: QRCodeStyling }) => {
      if (cancelled || !box.current) return;
      qr.current = new QRCodeStyling(options);
      box.current.replaceChildren();
      qr.current.append(box.current);
      const canvas = box.current.querySelector('canvas');
      if (canvas) {
        canvas.style.width = '100%';
        canvas.style.height = 'auto';
        canvas.setAttribute('aria-label', 'QR code of your profile');
      }
    });
    return () => {
      cancelled = true;
    };
  }, [style, data]);

  if (access.hidden) return null;
  const colours = { ...DEFAULT_QR_STYLE.colorOptions, ...style.colorOptions };
  const setColour = (part: 'dots' | 'cornerSquares' | 'cornerDots', color: string) =>
    setStyle({ ...style, colorOptions: { ...style.colorOptions, [part]: { color, css: color, mode: 'solid' } } });
  const disabled = access.locked;

  return (
    <Stack gap="sm">
      <PartPermissions permissionKey="qrCodeData" label="QR Code" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" {...access.anchor}>
        <Stack gap="sm">
          <Select
            label="Body shape"
            data={QR_DOT_TYPES.map((v) => ({ value: v, label: label(v) }))}
            value={style.dotType ?? DEFAULT_QR_STYLE.dotType}
            disabled={disabled}
            allowDeselect={false}
            onChange={(v) => v && setStyle({ ...style, dotType: v as QrStyle['dotType'] })}
          />
          <ColorInput
            label="Body colour"
            format="hex"
            value={colours.dots?.color ?? QR_CODE.defaultColor}
            disabled={disabled}
            onChange={(c) => setColour('dots', c)}
          />
          <Select
            label="Eye frame"
            data={QR_CORNER_SQUARE_TYPES.map((v) => ({ value: v, label: label(v) }))}
            value={style.cornerSquareType ?? DEFAULT_QR_STYLE.cornerSquareType}
            disabled={disabled}
            allowDeselect={false}
            onChange={(v) => v && setStyle({ ...style, cornerSquareType: v as QrStyle['cornerSquareType'] })}
          />
          <ColorInput
            label="Eye frame colour"
            format="hex"
            value={colours.cornerSquares?.color ?? QR_CODE.defaultColor}
            disabled={disabled}
            onChange={(c) => setColour('cornerSquares', c)}
          />
          <Select
            label="Eye ball"
            data={QR_CORNER_DOT_TYPES.map((v) => ({ value: v, label: label(v) }))}
            value={style.cornerDotType ?? DEFAULT_QR_STYLE.cornerDotType}
            disabled={disabled}
            allowDeselect={false}
            onChange={(v) => v && setStyle({ ...style, cornerDotType: v as QrStyle['cornerDotType'] })}
          />
          <ColorInput
            label="Eye ball colour"
            format="hex"
            value={colours.cornerDots?.color ?? QR_CODE.defaultColor}
            disabled={disabled}
            onChange={(c) => setColour('cornerDots', c)}
          />
        </Stack>
        <Stack gap="sm" align="center">
          <div ref={box} style={{ width: 200, maxWidth: '100%', aspectRatio: '1', background: '#fff' }} />
          <Text size="xs" c="dimmed" ta="center" style={{ wordBreak: 'break-all' }}>
            {data}
          </Text>
          <Group>
            <Button variant="light" onClick={() => void qr.current?.download({ name: 'QRCode', extension: 'png' })}>
              Download QR code
            </Button>
          </Group>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
