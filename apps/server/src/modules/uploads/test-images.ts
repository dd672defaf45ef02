import zlib from 'node:zlib';
import sharp from 'sharp';

/** Test inputs made on the fly: real images from sharp and hand-built hostile files. */

export const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
export const png = (width = 40, height = 30) => solid(width, height).png().toBuffer();
export const jpeg = (width = 40, height = 30) => solid(width, height).jpeg().toBuffer();
export const webp = (width = 40, height = 30) => solid(width, height).webp().toBuffer();
export const gif = (width = 10, height = 10) => solid(width, height).gif().toBuffer();

/** A phone photo: EXIF with camera make and GPS position, rotated by its orientation tag (6 = 90° clockwise). */
export const phonePhoto = (width: number, height: number) =>
  solid(width, height)
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', Model: 'Tracker 3000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** Inserts a GIF comment extension (0x21 0xFE) after the global colour table. */
export function withGifComment(bytes: Buffer, text: string): Buffer {
  const packed = bytes[10]!;
  const at = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);
  const data = Buffer.from(text, 'latin1');
  const blocks: Buffer[] = [];
  for (let i = 0; i < data.length; i += 255) {
    const sub = data.subarray(i, i + 255);
    blocks.push(Buffer.from([sub.length]), sub);
  }
  return Buffer.concat([bytes.subarray(0, at), Buffer.from([0x21, 0xfe]), ...blocks, Buffer.from([0]), bytes.subarray(at)]);
}

/** The classic GIF/JavaScript polyglot: `GIF89a/*…*\/=alert(…)` parses as a script when served as one. */
export async function gifJsPolyglot(): Promise<Buffer> {
  const bytes = Buffer.from(await gif());
  bytes[6] = 0x2f; // width bytes spell "/*"
  bytes[7] = 0x2a;
  return Buffer.concat([withGifComment(bytes, '*/=alert(document.domain);/*<script>alert(1)</script>'), Buffer.from('*/<script>alert(2)</script>')]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A tiny PNG whose header claims width × height pixels (a decompression bomb by its header). */
export function pixelBombPng(width = 100_000, height = 100_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(4096))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** ISO base media headers: enough for the content check (videos are not re-encoded). */
export const mp4 = (padding = 2048) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.from([0, 0, 0, 0]), Buffer.from('mp42isom'), Buffer.alloc(padding)]);
export const mov = (padding = 2048) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  '), Buffer.from([0, 0, 0, 0]), Buffer.from('qt  '), Buffer.alloc(padding)]);
export const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

export const HOSTILE_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="60" viewBox="0 0 120 60" onload="alert(1)">
  <script type="text/javascript">alert(document.cookie)</script>
  <script><![CDATA[ if (1 < 2) alert(2) ]]></script>
  <style>@import url(https://evil.test/x.css); rect { fill: url(https://evil.test/track.png) }</style>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient></defs>
  <rect id="box" width="120" height="60" fill="url(#g)" onclick="alert(3)" style="stroke: red; background: url(https://evil.test/bg.png)"/>
  <use xlink:href="https://evil.test/sprite.svg#icon"/>
  <use href="#box" x="5"/>
  <image href="https://evil.test/pixel.png" width="1" height="1"/>
  <a href="javascript:alert(4)"><text x="10" y="30">click &amp; win</text></a>
  <foreignObject width="100" height="100"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.test"></iframe></div></foreignObject>
  <animate attributeName="href" to="javascript:alert(5)"/>
  <set attributeName="onmouseover" to="alert(6)"/>
  <text x="10" y="50" fill="#000">Hello <tspan font-weight="bold">SVG</tspan></text>
</svg>`;
