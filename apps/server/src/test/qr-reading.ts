/**
 * Reads a QR code image the way a phone must: with a real decoder (jsQR), plus the width of
 * its quiet zone — the light border ISO/IEC 18004 asks to be 4 modules wide — in modules.
 * Used by the server's and the editor's tests (e2e imports it too).
 */
import jsQR from 'jsqr';
import sharp from 'sharp';

export type ReadQr = { text: string; quietZoneModules: number };

/** The decoded text and the narrowest side of the quiet zone; null when the code does not decode. */
export async function readQrImage(image: Buffer): Promise<ReadQr | null> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width, height);
  if (!code) return null;
  // The symbol's extent: every pixel that is not (near) the white background.
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (Math.min(data[i]!, data[i + 1]!, data[i + 2]!) > 235) continue;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  const modulePx = (maxX - minX + 1) / (17 + 4 * code.version);
  return { text: code.data, quietZoneModules: Math.min(minX, minY, width - 1 - maxX, height - 1 - maxY) / modulePx };
}
