import { createHash } from 'node:crypto';
import { IMAGE_MAX_BYTES, IMAGE_MAX_WIDTH } from '@versus/domain/platform/constants';
import { HttpError } from '../errors/http-error';
import { besideGate, type Gate } from '../platform/optimistic';
import { blobStore } from '../platform/blob-store';

const FORMATS = {
  jpeg: { ext: 'jpg', type: 'image/jpeg' },
  png: { ext: 'png', type: 'image/png' },
  gif: { ext: 'gif', type: 'image/gif' },
} as const;

export const imageTypeError = () => new HttpError(415, 'The file is not a JPEG, PNG or GIF image.', 'image-type');

/** No real picture is wider or taller than this; a GIF may declare a 65535 px canvas to exhaust memory. */
const MAX_SIDE = 8192;
/** Every frame of an animation is decoded on the canvas: width × height × frames, at most. */
const MAX_ANIMATION_PIXELS = 150_000_000;

export const imageDimensionsError = () => new HttpError(413, 'The image is too large in pixels.', 'image-dimensions');

/** A GIF's logical screen (its declared canvas), read from the header before any decoding. */
const gifCanvas = (data: Buffer) =>
  data.length >= 10 && data.toString('latin1', 0, 3) === 'GIF'
    ? { width: data.readUInt16LE(6), height: data.readUInt16LE(8) }
    : null;

/**
 * Checks an upload by its content, not its name (SPEC §5 image upload): JPEG, PNG or GIF, at most
 * 10 MiB; wider than 1280 px is scaled down and re-encoded (JPEG at quality 0.9). GIFs are re-encoded
 * too, animation kept: comments, application extensions and trailing bytes do not survive, and an
 * absurd declared canvas is refused before decoding. Metadata such as GPS positions is dropped.
 * Saved under {folder}/{uid}/{digest}.{ext}, the digest of what is stored: the same picture uploaded
 * twice by one player is one file, so a points table can tell a proof sent twice (record 142).
 */
export async function storeImage(
  folder: string,
  uid: string,
  upload: Buffer,
  /** An avatar: square (±2 px), scaled to `maxSide` a side at most. */
  shape: { square: true; maxSide: number } | null = null,
  /**
   * The route's gate (the caller's account): the picture is checked and encoded beside the
   * account's read, and stored only once the gate has passed; its refusal comes first.
   */
  gate?: Gate,
): Promise<{ path: string; url: string; width: number; height: number }> {
  const encoded = encodeImage(upload, shape);
  const { data, info } = await besideGate(gate, encoded);
  const digest = createHash('sha256').update(data).digest('hex').slice(0, 32);
  const path = `${folder}/${uid}/${digest}.${info.format.ext}`;
  const url = await blobStore().save(path, data, info.format.type);
  return { path, url, width: info.width, height: info.height };
}

let sharpModule: Promise<typeof import('sharp')> | undefined;
/**
 * sharp, loaded on the first upload (every function instance, and every emulator worker, would
 * pay for libvips otherwise), with one libvips thread a picture: an instance serves up to 80
 * requests at once on its share of a CPU, so its parallelism is in the requests, and splitting a
 * small picture across threads only adds hand-offs between them.
 */
async function loadSharp() {
  if (!sharpModule) {
    sharpModule = import('sharp').then((module) => {
      module.default.concurrency(1);
      return module;
    });
    sharpModule.catch(() => (sharpModule = undefined)); // tried again by the next upload
  }
  return (await sharpModule).default;
}

/** The checks and the re-encoding of storeImage, which stores what this answers. */
async function encodeImage(upload: Buffer, shape: { square: true; maxSide: number } | null) {
  if (upload.length === 0) throw imageTypeError();
  if (upload.length > IMAGE_MAX_BYTES) throw new HttpError(413, 'Images may be at most 10 MB.', 'image-too-large');
  const canvas = gifCanvas(upload);
  if (canvas && (canvas.width > MAX_SIDE || canvas.height > MAX_SIDE || canvas.width === 0 || canvas.height === 0))
    throw imageDimensionsError();
  const sharp = await loadSharp();
  const metadata = await sharp(upload, { animated: true })
    .metadata()
    .catch(() => {
      throw imageTypeError();
    });
  const format =
    metadata.format && metadata.format in FORMATS ? FORMATS[metadata.format as keyof typeof FORMATS] : null;
  if (!format || !metadata.width || !metadata.height) throw imageTypeError();
  const frameHeight = metadata.pageHeight ?? metadata.height;
  const frames = metadata.pages ?? 1;
  if (
    metadata.width > MAX_SIDE ||
    frameHeight > MAX_SIDE ||
    metadata.width * frameHeight * frames > MAX_ANIMATION_PIXELS
  )
    throw imageDimensionsError();
  // EXIF orientations 5–8 swap the sides: what the viewer sees is what must be square.
  const [seenWidth, seenHeight] =
    (metadata.orientation ?? 1) >= 5 ? [frameHeight, metadata.width] : [metadata.width, frameHeight];
  if (shape && Math.abs(seenWidth - seenHeight) > 2)
    throw new HttpError(400, 'A profile picture must be square: crop it first.', 'image-not-square');

  const animated = format.ext === 'gif';
  const pipeline = sharp(upload, { animated }).rotate();
  const maxWidth = shape ? shape.maxSide : IMAGE_MAX_WIDTH;
  if (shape) pipeline.resize({ width: maxWidth, height: maxWidth, fit: 'cover', withoutEnlargement: true });
  else if (metadata.width > maxWidth) pipeline.resize({ width: maxWidth, withoutEnlargement: true });
  const encoder =
    format.ext === 'jpg' ? pipeline.jpeg({ quality: 90 }) : format.ext === 'png' ? pipeline.png() : pipeline.gif();
  const { data, info } = await encoder.toBuffer({ resolveWithObject: true }).catch(() => {
    throw imageTypeError();
  });
  return {
    data,
    info: { format, width: info.width, height: animated ? (info.pageHeight ?? info.height) : info.height },
  };
}
