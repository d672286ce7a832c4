import { mkdirSync, writeFileSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isLocalPlatform } from './firebase';

/**
 * Where uploaded images live (DESIGN §3): Cloud Storage in production; under the emulator, where
 * the Storage emulator cannot run, a local folder that the API serves at GET /blobs/{path}.
 */
export interface BlobStore {
  /** Files on this machine, served by GET /blobs/{path} (the emulator); Cloud Storage serves its own. */
  local: boolean;
  save(path: string, data: Buffer, contentType: string): Promise<string>;
  read(path: string): Promise<{ data: Buffer; contentType: string } | null>;
  exists(path: string): Promise<boolean>;
  /** The paths of the files under a folder (`proofs/{uid}/`): a player's uploads, for their archive. */
  list(folder: string): Promise<string[]>;
  /** Deletes a file (an account's deletion); one already gone is fine. */
  remove(path: string): Promise<void>;
  /** The address a browser loads the file from. */
  urlOf(path: string): string;
}

/** Every folder a player's own uploads go to (uploads/images.ts: `{folder}/{uid}/{digest}.{ext}`). */
export const UPLOAD_FOLDERS = ['avatars', 'tournaments/images', 'proofs'] as const;

/** Lists the files under `folder` of a local root, as paths relative to the root ('/'-separated). */
async function listLocal(root: string, folder: string): Promise<string[]> {
  const start = resolve(root, folder);
  if (!start.startsWith(root + sep)) return [];
  const entries = await readdir(start, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

/** Paths are ours (folder[/subfolder]/uid/digest.ext, or uuid.ext before record 142); anything else is refused rather than resolved. */
export const isBlobPath = (path: string): boolean =>
  /^[a-z-]+(\/[a-z-]+)?\/[A-Za-z0-9]{1,128}\/([a-f0-9]{32}|[a-f0-9-]{36})\.(jpg|png|gif)$/.test(path);

function localBlobStore(root: string): BlobStore {
  const fileOf = (path: string) => {
    const file = resolve(root, path);
    if (!isBlobPath(path) || !file.startsWith(root + sep)) throw new Error(`not a blob path: ${path}`);
    return file;
  };
  const urlOf = (path: string) => `/api/blobs/${path}`;
  return {
    local: true,
    urlOf,
    list: (folder) => listLocal(root, folder),
    async remove(path) {
      await rm(fileOf(path), { force: true });
    },
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
    local: false,
    urlOf,
    async remove(path) {
      if (isBlobPath(path)) await (await bucket()).file(path).delete({ ignoreNotFound: true });
    },
    async list(folder) {
      const [files] = await (await bucket()).getFiles({ prefix: folder });
      return files.map((file) => file.name).filter(isBlobPath);
    },
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
    async read(path) {
      if (!isBlobPath(path)) return null;
      const file = (await bucket()).file(path);
      const [data] = await file.download().catch(() => [null]);
      return data ? { data, contentType: CONTENT_TYPES[path.split('.').pop()!] ?? 'application/octet-stream' } : null;
    },
  };
}

/** Cloud Functions set the project's default bucket in FIREBASE_CONFIG. */
const defaultBucket = (): string => {
  const config = JSON.parse(process.env.FIREBASE_CONFIG ?? '{}') as { storageBucket?: string };
  return config.storageBucket ?? `${process.env.GCLOUD_PROJECT}.appspot.com`;
};

const isLocalStore = () => isLocalPlatform() || process.env.VERSUS_BLOB_DIR !== undefined;
const localRoot = () => process.env.VERSUS_BLOB_DIR ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../.blobs');

let store: BlobStore | null = null;
export function blobStore(): BlobStore {
  store ??= isLocalStore() ? localBlobStore(localRoot()) : cloudBlobStore(defaultBucket());
  return store;
}

/**
 * Where the players' data archives lie (users/data-export): never public. Cloud Storage's
 * `exports/` folder, which storage.rules let nobody read; locally a folder beside the blobs, which
 * GET /blobs does not reach. Only the API reads them, for a holder of the archive's link.
 */
export interface ArchiveStore {
  save(path: string, data: Uint8Array): Promise<void>;
  read(path: string): Promise<Buffer | null>;
  /** Removes a player's archives but `keep` (a new one replaces the old; the deletion job keeps none). */
  removeAll(uid: string, keep?: string): Promise<void>;
  /** Removes one archive; one already gone is fine. */
  remove(path: string): Promise<void>;
}

/** exports/{uid}/{build id}.zip */
export const archivePath = (uid: string, buildId: string) => `exports/${uid}/${buildId}.zip`;
const isArchivePath = (path: string) => /^exports\/[A-Za-z0-9]{1,128}\/[A-Za-z0-9]{1,64}\.zip$/.test(path);

function localArchiveStore(root: string): ArchiveStore {
  const fileOf = (path: string) => {
    if (!isArchivePath(path)) throw new Error(`not an archive path: ${path}`);
    return resolve(root, path);
  };
  return {
    async save(path, data) {
      const file = fileOf(path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, data);
    },
    read: (path) => readFile(fileOf(path)).catch(() => null),
    async remove(path) {
      if (isArchivePath(path)) await rm(fileOf(path), { force: true });
    },
    async removeAll(uid, keep) {
      if (!/^[A-Za-z0-9]{1,128}$/.test(uid)) return;
      const paths = await listLocal(root, `exports/${uid}/`);
      await Promise.all(paths.filter((path) => path !== keep).map((path) => rm(resolve(root, path), { force: true })));
    },
  };
}

function cloudArchiveStore(bucketName: string): ArchiveStore {
  const bucket = async () => (await import('firebase-admin/storage')).getStorage().bucket(bucketName);
  return {
    async save(path, data) {
      if (!isArchivePath(path)) throw new Error(`not an archive path: ${path}`);
      await (await bucket()).file(path).save(Buffer.from(data), {
        contentType: 'application/zip',
        resumable: false,
        metadata: { cacheControl: 'private, no-store' },
      });
    },
    async read(path) {
      if (!isArchivePath(path)) return null;
      const [data] = await (
        await bucket()
      )
        .file(path)
        .download()
        .catch(() => [null]);
      return data;
    },
    async remove(path) {
      if (isArchivePath(path)) await (await bucket()).file(path).delete({ ignoreNotFound: true });
    },
    async removeAll(uid, keep) {
      if (!/^[A-Za-z0-9]{1,128}$/.test(uid)) return;
      const [files] = await (await bucket()).getFiles({ prefix: `exports/${uid}/` });
      await Promise.all(
        files.filter((file) => file.name !== keep).map((file) => file.delete({ ignoreNotFound: true })),
      );
    },
  };
}

let archives: ArchiveStore | null = null;
export function archiveStore(): ArchiveStore {
  archives ??= isLocalStore() ? localArchiveStore(`${localRoot()}-private`) : cloudArchiveStore(defaultBucket());
  return archives;
}
