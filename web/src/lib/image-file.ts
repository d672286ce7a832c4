import { IMAGE_MAX_BYTES, IMAGE_MAX_WIDTH, IMAGE_TYPES } from '@versus/domain/platform/constants';

/** SPEC §5 image upload: what is wrong with a picked file, as its message key, or null. */
export function imageProblem(file: File | null): 'image-drop.allowed-types' | 'image-drop.max-file-size' | null {
  if (!file) return null;
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'image-drop.allowed-types';
  return file.size > IMAGE_MAX_BYTES ? 'image-drop.max-file-size' : null;
}

/**
 * Whether the browser can decode the picked file: a file named and typed as an image may still be
 * broken, and would otherwise open the crop black or fail its compression without a word.
 */
export async function readableImage(file: File): Promise<boolean> {
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false;
  }
}

/**
 * SPEC §5: images wider than 1280 are scaled down and re-encoded at quality 0.9, GIFs excepted
 * (compressing would drop their animation). The library loads only when a file is picked. Every
 * file is decoded first, a GIF too: one the browser cannot read rejects here, before any upload.
 */
export async function compressImage(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const { width, height } = bitmap;
  bitmap.close();
  if (file.type === 'image/gif' || width <= IMAGE_MAX_WIDTH) return file;
  const { default: imageCompression } = await import('browser-image-compression');
  return imageCompression(file, {
    // The library bounds the longer side: bound it so that the width ends at 1280.
    maxWidthOrHeight: Math.max(IMAGE_MAX_WIDTH, Math.round((IMAGE_MAX_WIDTH * height) / width)),
    initialQuality: 0.9,
    useWebWorker: false,
    fileType: file.type,
    alwaysKeepResolution: false,
  });
}

/**
 * A square cut of a picture (the crop the user chose, in the image's own pixels), at most
 * `maxSide` a side, compressed (browser-image-compression) for upload. PNG stays PNG (transparency),
 * anything else becomes JPEG at quality 0.9; an animated GIF keeps only its first frame.
 */
export async function cropSquare(
  file: File,
  area: { x: number; y: number; width: number; height: number },
  maxSide: number,
): Promise<File> {
  const bitmap = await createImageBitmap(file);
  const side = Math.min(Math.round(area.width), maxSide);
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  canvas.getContext('2d')!.drawImage(bitmap, area.x, area.y, area.width, area.height, 0, 0, side, side);
  const type = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((result) => (result ? resolve(result) : reject(new Error('crop failed'))), type, 0.9),
  );
  const { default: imageCompression } = await import('browser-image-compression');
  return imageCompression(new File([blob], `avatar.${type === 'image/png' ? 'png' : 'jpg'}`, { type }), {
    maxWidthOrHeight: maxSide,
    maxSizeMB: 1,
    initialQuality: 0.9,
    useWebWorker: false,
    fileType: type,
  });
}
