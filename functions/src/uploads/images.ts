import { randomUUID } from 'node:crypto';
import { IMAGE_MAX_BYTES, IMAGE_MAX_WIDTH } from '@versus/domain/platform/constants';
import { HttpError } from '../api/http-error';
import { blobStore } from '../platform/blob-store';

const FORMATS = { jpeg: { ext: 'jpg', type: 'image/jpeg' }, png: { ext: 'png', type: 'image/png' }, gif: { ext: 'gif', type: 'image/gif' } } as const;

export const imageTypeError = () => new HttpError(415, 'Images must be JPEG, PNG or GIF.', 'image-type');

/**
 * Checks an upload by its content, not its name (SPEC §5 image upload): JPEG, PNG or GIF, at most
 * 10 MiB; wider than 1280 px is scaled down (GIFs excepted) and re-encoded at quality 0.9.
 * Metadata such as GPS positions is dropped. Saved under {folder}/{uid}/{uuid}.{ext}.
 */
export async function storeImage(folder: string, uid: string, upload: Buffer): Promise<{ path: string; url: string; width: number; height: number }> {
  if (upload.length === 0) throw imageTypeError();
  if (upload.length > IMAGE_MAX_BYTES) throw new HttpError(413, 'Images may be at most 10 MB.', 'image-too-large');
  // Loaded on first upload: every function instance (and every emulator worker) would pay for libvips.
  const { default: sharp } = await import('sharp');
  const metadata = await sharp(upload, { animated: true })
    .metadata()
    .catch(() => {
      throw imageTypeError();
    });
  const format = metadata.format && metadata.format in FORMATS ? FORMATS[metadata.format as keyof typeof FORMATS] : null;
  if (!format || !metadata.width || !metadata.height) throw imageTypeError();

  let data = upload;
  let { width, height } = metadata;
  if (format.ext !== 'gif') {
    const pipeline = sharp(upload).rotate();
    if (width > IMAGE_MAX_WIDTH) pipeline.resize({ width: IMAGE_MAX_WIDTH, withoutEnlargement: true });
    const { data: encoded, info } = await (format.ext === 'jpg' ? pipeline.jpeg({ quality: 90 }) : pipeline.png()).toBuffer({ resolveWithObject: true });
    data = encoded;
    ({ width, height } = info);
  }
  const path = `${folder}/${uid}/${randomUUID()}.${format.ext}`;
  const url = await blobStore().save(path, data, format.type);
  return { path, url, width, height: metadata.pages && format.ext === 'gif' ? (metadata.pageHeight ?? height) : height };
}
