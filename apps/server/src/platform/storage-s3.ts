import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { isUploadKey, type OpenedObject, type S3Settings, type S3UploadStorage, UPLOAD_CACHE_CONTROL } from './storage';

/** The status of a failed S3 request (404 for a missing key, 304 for a current copy), if it got an answer. */
function statusOf(error: unknown): number | undefined {
  if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode;
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

function headerOf(error: unknown, name: string): string | undefined {
  const headers = (error as { $response?: { headers?: Record<string, string | undefined> } } | null)?.$response
    ?.headers;
  return headers?.[name];
}

/**
 * A bucket of an S3-compatible store through the AWS SDK v3. Checksums are computed only where an
 * operation requires them: the SDK's default (a CRC32 trailer on every upload) is refused by several
 * S3-compatible stores and by the local test server, and TLS already guards the bytes in transit.
 */
export function s3UploadStorage(settings: S3Settings): S3UploadStorage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint && { endpoint: settings.endpoint }),
    forcePathStyle: settings.forcePathStyle,
    // Without a key pair the SDK's own chain applies (AWS_* variables, an instance or task role).
    ...(settings.accessKeyId &&
      settings.secretAccessKey && {
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      }),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const base = settings.publicUrl?.replace(/\/+$/, '');
  const checked = (key: string) => {
    if (!isUploadKey(key)) throw new Error(`not an upload key: ${JSON.stringify(key)}`);
    return key;
  };

  return {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checked(key),
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          // A CDN in front of the bucket (S3_PUBLIC_URL) passes this on to browsers.
          CacheControl: UPLOAD_CACHE_CONTROL,
        }),
      );
    },
    async get(key) {
      if (!isUploadKey(key)) return null;
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return null;
        return Buffer.from(await res.Body.transformToByteArray());
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },
    async has(key) {
      if (!isUploadKey(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (statusOf(error) === 404) return false;
        throw error;
      }
    },
    async remove(key) {
      if (!isUploadKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    publicUrl: (key) => (base ? `${base}/${key}` : null),
    async open(key, { head, ifNoneMatch, ifModifiedSince }): Promise<OpenedObject> {
      if (!isUploadKey(key)) return { status: 'missing' };
      const since = ifModifiedSince ? new Date(ifModifiedSince) : undefined;
      const conditions = {
        ...(ifNoneMatch && { IfNoneMatch: ifNoneMatch }),
        // An unreadable date is ignored, as HTTP says.
        ...(since && !Number.isNaN(since.getTime()) && { IfModifiedSince: since }),
      };
      try {
        const input = { Bucket, Key: key, ...conditions };
        const res = head
          ? await client.send(new HeadObjectCommand(input))
          : await client.send(new GetObjectCommand(input));
        const body = 'Body' in res ? (res.Body as Readable | undefined) : undefined;
        return {
          status: 'found',
          body,
          size: res.ContentLength,
          etag: res.ETag,
          lastModified: res.LastModified,
        };
      } catch (error) {
        const status = statusOf(error);
        if (status === 404) return { status: 'missing' };
        if (status === 304) {
          // The store's validators when it sends them on a 304 (S3 does); else the browser's own tag.
          const etag = headerOf(error, 'etag') ?? (ifNoneMatch && !ifNoneMatch.includes(',') ? ifNoneMatch : undefined);
          const modified = headerOf(error, 'last-modified');
          return { status: 'not-modified', etag, lastModified: modified ? new Date(modified) : undefined };
        }
        throw error;
      }
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async close() {
      client.destroy();
    },
  };
}
