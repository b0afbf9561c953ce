import { loadConfig } from './config';
import { s3SettingsOf, uploadsRoot } from './platform/storage';
import { s3UploadStorage } from './platform/storage-s3';
import { copyUploadsToBucket } from './platform/uploads-to-s3';

/*
 * `npm run uploads:to-s3 -w @studio/server`: copies the uploads kept under DATA_DIR/uploads to the
 * bucket named by the S3_* variables (the same ones the server reads with STORAGE=s3), skipping what
 * the bucket already holds. Run it before switching the instances to STORAGE=s3, and once more
 * after, to pick up anything uploaded in between.
 */
const config = loadConfig({ ...process.env, STORAGE: 's3' });
const settings = s3SettingsOf(config);
const root = uploadsRoot(config.DATA_DIR);
const bucket = s3UploadStorage(settings);
try {
  const counts = await copyUploadsToBucket(root, bucket, {
    onError: (key, error) => console.error(`failed: ${key}: ${error instanceof Error ? error.message : error}`),
  });
  console.log(
    `${root} → s3://${settings.bucket}: ${counts.found} files, ${counts.copied} copied, ` +
      `${counts.skipped} already in the bucket, ${counts.failed} failed` +
      (counts.ignored ? `, ${counts.ignored} ignored (not an upload's name)` : ''),
  );
  process.exitCode = counts.failed > 0 ? 1 : 0;
} finally {
  await bucket.close();
}
