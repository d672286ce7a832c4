import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isLocalPlatform } from './firebase';

/**
 * Where uploaded images live (DESIGN §3): Cloud Storage in production; under the emulator, where
 * the Storage emulator cannot run, a local folder that the API serves at GET /blobs/{path}.
 */
export interface BlobStore {
  save(path: string, data: Buffer, contentType: string): Promise<string>;
  read(path: string): Promise<{ data: Buffer; contentType: string } | null>;
  exists(path: string): Promise<boolean>;
  /** The address a browser loads the file from. */
  urlOf(path: string): string;
}

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

/** Paths are ours (folder[/subfolder]/uid/uuid.ext); anything else is refused rather than resolved. */
export const isBlobPath = (path: string): boolean =>
  /^[a-z-]+(\/[a-z-]+)?\/[A-Za-z0-9]{1,128}\/[a-f0-9-]{36}\.(jpg|png|gif)$/.test(path);

function localBlobStore(root: string): BlobStore {
  const fileOf = (path: string) => {
    const file = resolve(root, path);
    if (!isBlobPath(path) || !file.startsWith(root + sep)) throw new Error(`not a blob path: ${path}`);
    return file;
  };
  const urlOf = (path: string) => `/api/blobs/${path}`;
  return {
    urlOf,
    async save(path, data) {
      const file = fileOf(path);
      // Written in this thread: Cloud Storage's save is a network call, which takes no thread, but a
      // file written through libuv's threadpool is an open, a write and a close, each queued behind
      // the pictures being encoded there (in the season: 16 ms at the median and 88 ms at the 95th
      // percentile for a picture of a few hundred bytes). An upload is at most 10 MiB; a small
      // picture's folder and file take a fraction of a millisecond.
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, data);
      return urlOf(path);
    },
    async exists(path) {
      return (
        isBlobPath(path) &&
        (await stat(fileOf(path)).then(
          () => true,
          () => false,
        ))
      );
    },
    async read(path) {
      if (!isBlobPath(path)) return null;
      const data = await readFile(fileOf(path)).catch(() => null);
      return data ? { data, contentType: CONTENT_TYPES[path.split('.').pop()!] ?? 'application/octet-stream' } : null;
    },
  };
}

function cloudBlobStore(bucketName: string): BlobStore {
  const bucket = async () => (await import('firebase-admin/storage')).getStorage().bucket(bucketName);
  // storage.rules allow public reads of these paths; the random name is the capability.
  const urlOf = (path: string) =>
    `https://firebasestorage.googleapis.com/v0/b/${bucketName}/o/${encodeURIComponent(path)}?alt=media`;
  return {
    urlOf,
    async save(path, data, contentType) {
      await (await bucket()).file(path).save(data, {
        contentType,
        resumable: false,
        metadata: { cacheControl: 'public, max-age=31536000, immutable' },
      });
      return urlOf(path);
    },
    async exists(path) {
      return isBlobPath(path) && (await (await bucket()).file(path).exists())[0];
    },
    async read() {
      return null;
    },
  };
}

/** Cloud Functions set the project's default bucket in FIREBASE_CONFIG. */
const defaultBucket = (): string => {
  const config = JSON.parse(process.env.FIREBASE_CONFIG ?? '{}') as { storageBucket?: string };
  return config.storageBucket ?? `${process.env.GCLOUD_PROJECT}.appspot.com`;
};

let store: BlobStore | null = null;
export function blobStore(): BlobStore {
  if (!store) {
    const local = isLocalPlatform() || process.env.VERSUS_BLOB_DIR !== undefined;
    const root = process.env.VERSUS_BLOB_DIR ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../.blobs');
    store = local ? localBlobStore(root) : cloudBlobStore(defaultBucket());
  }
  return store;
}
