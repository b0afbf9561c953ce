import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isUploadKey, type S3UploadStorage, uploadContentType } from './storage';

export interface CopyCounts {
  /** Files found under the uploads folder that can name an upload. */
  found: number;
  copied: number;
  /** Already in the bucket under the same key (an earlier run, or uploaded since): left as they are. */
  skipped: number;
  failed: number;
  /** Files whose name could never be an upload's (dotfiles, half-written temporaries): not copied. */
  ignored: number;
}

/** Every file below `root`, as a key relative to it with `/` separators. */
async function* filesUnder(root: string, dir = ''): AsyncGenerator<string> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true }).catch((error: unknown) => {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const key = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* filesUnder(root, key);
    else if (entry.isFile()) yield key;
  }
}

/**
 * Copies the uploads kept on disk (DATA_DIR/uploads: originals and their sizes) to the bucket under
 * the same keys, so the urls already stored (`/uploads/<key>`) name them there. Idempotent: what the
 * bucket already holds is skipped, so a second run copies nothing and an interrupted one resumes.
 * Nothing on disk is changed or removed.
 */
export async function copyUploadsToBucket(
  root: string,
  bucket: S3UploadStorage,
  options: { concurrency?: number; onError?: (key: string, error: unknown) => void } = {},
): Promise<CopyCounts> {
  const counts: CopyCounts = { found: 0, copied: 0, skipped: 0, failed: 0, ignored: 0 };
  const present = new Set<string>();
  for await (const key of bucket.list()) present.add(key);

  const pending: string[] = [];
  for await (const key of filesUnder(root)) {
    if (!isUploadKey(key)) {
      counts.ignored += 1;
      continue;
    }
    counts.found += 1;
    if (present.has(key)) counts.skipped += 1;
    else pending.push(key);
  }

  const worker = async () => {
    for (let key = pending.shift(); key !== undefined; key = pending.shift()) {
      try {
        await bucket.put(key, await readFile(path.join(root, key)), uploadContentType(key));
        counts.copied += 1;
      } catch (error) {
        counts.failed += 1;
        options.onError?.(key, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, worker));
  return counts;
}
