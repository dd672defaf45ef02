import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../http/errors.ts';
import { IMAGE_LIMIT, KINDS, type Kind, MAX_PIXELS, PURPOSE_RULES, type Purpose, typeNotAllowed, UPLOAD_MESSAGES, VIDEO_LIMIT } from './rules.ts';
import { looksLikeSvg, SvgRejected, sanitizeSvg } from './svg.ts';

export type ProcessedFile = { bytes: Buffer; kind: Kind; mime: string; ext: string; width: number | null; height: number | null };

const MIME_TO_KIND: Record<string, Kind> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  // An animated PNG is stored as its first frame (sharp reads APNG as PNG).
  'image/apng': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/x-m4v': 'mp4',
  'video/quicktime': 'mov',
};

/** The type from the content alone (never the name or the declared type); null when it is none we know. */
async function detectKind(bytes: Buffer): Promise<Kind | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected && MIME_TO_KIND[detected.mime]) return MIME_TO_KIND[detected.mime]!;
  // SVG is text without magic bytes: file-type answers xml or nothing.
  if ((!detected || detected.mime === 'application/xml') && looksLikeSvg(bytes)) return 'svg';
  return null;
}

const tooLarge = (message: string) => new AppError(413, 'file_too_large', message);
const unsupported = (purpose: Purpose) => new AppError(415, 'file_type_not_allowed', typeNotAllowed(purpose));

/**
 * The one validation path for every upload entry: detect the type by content,
 * check it against the purpose, check the size, then make the stored bytes
 * from scratch — raster images decoded and re-encoded by sharp (metadata and
 * anything appended or embedded dropped, auto-oriented, fitted into the
 * purpose's box), SVG rebuilt by the allow-list sanitiser, videos checked by
 * their container signature and kept as they are.
 */
export async function processUpload(input: Buffer, purpose: Purpose): Promise<ProcessedFile> {
  const kind = await detectKind(input);
  const rules = PURPOSE_RULES[purpose];
  if (!kind || !rules.kinds.includes(kind)) throw unsupported(purpose);
  const { mime, ext, video } = KINDS[kind];
  if (video) {
    if (input.length > VIDEO_LIMIT) throw tooLarge(UPLOAD_MESSAGES.videoTooLarge);
    return { bytes: input, kind, mime, ext, width: null, height: null };
  }
  if (input.length > IMAGE_LIMIT) throw tooLarge(UPLOAD_MESSAGES.imageTooLarge);
  if (kind === 'svg') return processSvg(input);
  return withSlot(() => reencode(input, kind, rules.box));
}

async function processSvg(input: Buffer): Promise<ProcessedFile> {
  let clean: Buffer;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(input);
    clean = Buffer.from(sanitizeSvg(text), 'utf8');
  } catch (err) {
    if (err instanceof SvgRejected || err instanceof TypeError) throw new AppError(400, 'bad_svg', UPLOAD_MESSAGES.badSvg);
    throw err;
  }
  // librsvg must be able to read what we keep; it also gives the nominal size (and bounds it).
  const meta = await sharp(clean, { limitInputPixels: MAX_PIXELS }).metadata().catch(imageError);
  return { bytes: clean, kind: 'svg', mime: KINDS.svg.mime, ext: KINDS.svg.ext, width: meta.width ?? null, height: meta.height ?? null };
}

async function reencode(input: Buffer, kind: Kind, [boxW, boxH]: [number, number]): Promise<ProcessedFile> {
  const animatable = kind === 'gif' || kind === 'webp';
  const open = () => sharp(input, { limitInputPixels: MAX_PIXELS, animated: animatable, failOn: 'error' }).timeout({ seconds: 20 });
  const meta = await open().metadata().catch(imageError);
  const animated = (meta.pages ?? 1) > 1;
  let img = open();
  // EXIF orientation applies to still photos; frames of an animation have none.
  if (!animated) img = img.autoOrient();
  img = img.resize({ width: boxW, height: boxH, fit: 'inside', withoutEnlargement: true });
  // The format is kept (GIF stays GIF, animated or not). Nothing of the input's metadata is copied.
  if (kind === 'jpeg') img = img.jpeg({ quality: 85, mozjpeg: true });
  else if (kind === 'png') img = img.png({ compressionLevel: 8 });
  else if (kind === 'webp') img = img.webp({ quality: 85 });
  else img = img.gif();
  const { data, info } = await img.toBuffer({ resolveWithObject: true }).catch(imageError);
  const { mime, ext } = KINDS[kind];
  return { bytes: data, kind, mime, ext, width: info.width, height: info.pageHeight ?? info.height };
}

function imageError(err: unknown): never {
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) throw tooLarge(UPLOAD_MESSAGES.tooManyPixels);
  throw new AppError(400, 'unreadable_image', UPLOAD_MESSAGES.unreadable);
}

/**
 * At most two images decode at once per process: a 40 MP frame is ~160 MB of
 * pixels, so unbounded parallel uploads could exhaust memory.
 */
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: (() => void)[] = [];
async function withSlot<T>(job: () => Promise<T>): Promise<T> {
  // A finishing job hands its slot straight to the next waiter, so a newcomer cannot slip in between.
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await job();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}
