import { Alert, Button, ColorInput, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { contrastRatio, parseRgb } from '@profilehub/profile-page/browser';
import { DEFAULT_QR_STYLE, QR_CODE, QR_CORNER_DOT_TYPES, QR_CORNER_SQUARE_TYPES, QR_DOT_TYPES, type QrStyle, taggedUrl } from '@profilehub/shared';
import qrcode from 'qrcode-generator';
import { useEffect, useRef, useState } from 'react';
import { PartPermissions } from '../components/fields.tsx';
import { useEditor, useField, useFieldAccess } from '../hooks/editor-context.tsx';
import { publicPageUrl } from './public-url.ts';

type QrLib = typeof import('qr-code-styling').default;
type QrInstance = InstanceType<QrLib>;

const label = (s: string) => s.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

/**
 * A phone reads a code only when its dark parts stand out from the white: WCAG's 3:1 for
 * graphics (1.4.11) is the least; a lighter colour gets a warning.
 */
const MIN_CONTRAST = 3;
const QR_WARNINGS = {
  light: 'These colours are too light to scan reliably. Choose darker colours for the body, eye frame and eye ball.',
  unreadable: 'This QR code does not scan. Choose darker colours or another body shape before you download it.',
} as const;

/**
 * The code's size in modules and the margin (in pixels, as qr-code-styling takes it) that
 * leaves ISO/IEC 18004's quiet zone of `QR_CODE.quietZone` modules around it at 800 px. The
 * version is computed here with the library qr-code-styling draws with, and handed to it, so
 * both agree on the module count.
 */
function layoutOf(data: string) {
  const code = qrcode(0, QR_CODE.errorCorrectionLevel);
  code.addData(data, 'Byte');
  code.make();
  const count = code.getModuleCount();
  // qr-code-styling draws whole-pixel modules (floor((size - 2·margin) / count)) centred in the square.
  const dot = Math.floor(QR_CODE.size / (count + 2 * QR_CODE.quietZone));
  return { typeNumber: (count - 17) / 4, margin: Math.floor((QR_CODE.size - count * dot) / 2) };
}

/** qr-code-styling options of spec §9 from the profile's QR style. */
function optionsOf(style: QrStyle, data: string) {
  const colours = { ...DEFAULT_QR_STYLE.colorOptions, ...style.colorOptions };
  const { typeNumber, margin } = layoutOf(data);
  return {
    width: QR_CODE.size,
    height: QR_CODE.size,
    margin,
    type: 'canvas' as const,
    data,
    qrOptions: { typeNumber: typeNumber as 0, mode: 'Byte' as const, errorCorrectionLevel: QR_CODE.errorCorrectionLevel },
    dotsOptions: { type: style.dotType ?? DEFAULT_QR_STYLE.dotType, color: colours.dots?.color ?? QR_CODE.defaultColor },
    cornersSquareOptions: { type: style.cornerSquareType ?? DEFAULT_QR_STYLE.cornerSquareType, color: colours.cornerSquares?.color ?? QR_CODE.defaultColor },
    cornersDotOptions: { type: style.cornerDotType ?? DEFAULT_QR_STYLE.cornerDotType, color: colours.cornerDots?.color ?? QR_CODE.defaultColor },
    backgroundOptions: { color: '#ffffff' },
  };
}

/** Whether the drawn code decodes to `data` with a real decoder (jsQR), read at half size as a camera would see it small. */
async function decodes(qr: QrInstance, data: string): Promise<boolean> {
  const [{ default: jsQR }, blob] = await Promise.all([import('jsqr'), qr.getRawData('png')]);
  if (!(blob instanceof Blob)) return false;
  const bitmap = await createImageBitmap(blob);
  const side = QR_CODE.size / 2;
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return true;
  ctx.drawImage(bitmap, 0, 0, side, side);
  bitmap.close();
  return jsQR(ctx.getImageData(0, 0, side, side).data, side, side)?.data === data;
}

const WHITE: [number, number, number] = [255, 255, 255];
const tooLight = (colour: string | undefined) => {
  const rgb = parseRgb(colour ?? QR_CODE.defaultColor);
  return rgb !== undefined && contrastRatio(rgb, WHITE) < MIN_CONTRAST;
};

/** The drawn canvas fills its box (qr-code-styling draws it anew on every change). */
function styleCanvas(box: HTMLElement | null) {
  const canvas = box?.querySelector('canvas');
  if (!canvas) return;
  canvas.style.width = '100%';
  canvas.style.height = 'auto';
  canvas.setAttribute('aria-label', 'QR code of your profile');
}

/**
 * The published card in a wallet (issue #30): the same pass and link the public page offers, for
 * the person to add their own card, when the install has the wallets' keys.
 */
function WalletLinks() {
  const { view } = useEditor();
  const page = publicPageUrl(view);
  const { apple, google } = view.company.wallets;
  if (!page || !view.profile.publishedAt || !(apple || google)) return null;
  return (
    <Group gap="xs" justify="center">
      {apple ? (
        <Button component="a" href={`${page}/card.pkpass`} variant="default" size="sm">
          Add to Apple Wallet
        </Button>
      ) : null}
      {google ? (
        <Button component="a" href={`${page}/google-wallet`} target="_blank" rel="noopener" variant="default" size="sm">
          Save to Google Wallet
        </Button>
      ) : null}
    </Group>
  );
}

/** Spec §2 QR code designer: body shape, eye frame and eye ball with their colours; PNG download named QRCode. */
export function QrCode() {
  const { view } = useEditor();
  const [style = {}, setStyle] = useField('qrCodeData');
  const access = useFieldAccess('qrCodeData');
  const box = useRef<HTMLDivElement>(null);
  const qr = useRef<QrInstance | null>(null);
  const page = publicPageUrl(view);
  // A scan of the printed code counts as a QR view in the statistics (issue 30).
  const data = page ? taggedUrl(page, 'qr') : `${window.location.origin}/`;
  // Whether the code as drawn decodes: unknown (null) until checked after each change.
  const [readable, setReadable] = useState<boolean | null>(null);

  useEffect(() => {
    let cancelled = false;
    const options = optionsOf(style, data);
    const check = (instance: QrInstance) =>
      decodes(instance, data).then(
        (ok) => !cancelled && setReadable(ok),
        () => !cancelled && setReadable(null),
      );
    setReadable(null);
    if (qr.current) {
      qr.current.update(options);
      styleCanvas(box.current);
      void check(qr.current);
      return () => {
        cancelled = true;
      };
    }
    void import('qr-code-styling').then(({ default: QRCodeStyling }) => {
      if (cancelled || !box.current) return;
      qr.current = new QRCodeStyling(options);
      box.current.replaceChildren();
      qr.current.append(box.current);
      styleCanvas(box.current);
      void check(qr.current);
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
  const light = [colours.dots?.color, colours.cornerSquares?.color, colours.cornerDots?.color].some(tooLight);
  const warning = readable === false ? QR_WARNINGS.unreadable : light ? QR_WARNINGS.light : null;

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
          {warning && (
            <Alert color="yellow" variant="light" role="alert" data-testid="qr-warning">
              {warning}
            </Alert>
          )}
          <Group>
            <Button
              variant="light"
              disabled={readable === false}
              onClick={() => void qr.current?.download({ name: QR_CODE.fileName.replace(/\.png$/, ''), extension: 'png' })}
            >
              Download QR code
            </Button>
          </Group>
          <WalletLinks />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
