import { ApiError, NETWORK_ERROR } from '@studio/client/api-error';
import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES, type UploadResult } from '@studio/contract/account';
import { errorNameOf } from '@studio/contract/errors';
import type { Envelope } from '@studio/contract/protocol-core';
import i18n from '@/i18n/i18n';
import { type CallOptions, errorText, reportError } from './call-function';
import { clientHeaders } from './client-info';
import { beginLoading } from './loading';

/** The image types the server accepts, as MIME types (also the file picker's `accept`). */
export const IMAGE_MIME_TYPES = UPLOAD_IMAGE_TYPES.map((type) => `image/${type}`);

/** Checks an image before it is sent (the server checks again): an accepted type, at most `maxBytes`. */
export function checkImage(file: File, maxBytes: number = UPLOAD_MAX_BYTES): ApiError | null {
  if (!IMAGE_MIME_TYPES.includes(file.type)) {
    return new ApiError(
      'FILE_TYPE_INVALID',
      i18n.t('errors.FILE_TYPE_INVALID', { allowed: UPLOAD_IMAGE_TYPES.join(', ') }),
    );
  }
  if (file.size > maxBytes) {
    return new ApiError('FILE_TOO_LARGE', i18n.t('errors.FILE_TOO_LARGE', { maxMb: maxBytes / 1024 / 1024 }));
  }
  return null;
}

/**
 * Uploads an image (POST /api/upload, multipart field `file`) and resolves with its url. Failures are
 * shown like a call's (see CallOptions) and thrown as ApiError.
 */
export async function uploadImage(
  file: File,
  { maxBytes, onProgress, ...options }: UploadOptions = {},
): Promise<string> {
  try {
    return await send(file, maxBytes, onProgress, options.loading !== false);
  } catch (e) {
    if (e instanceof ApiError) reportError(e, options);
    throw e;
  }
}

/** How an upload is shown: a call's options, the size allowed, and (with a progress bar of its own) its progress. */
export type UploadOptions = CallOptions & { maxBytes?: number; onProgress?: (fraction: number) => void };

type Answer = Partial<Envelope & UploadResult>;

/** POST with upload progress (XMLHttpRequest: fetch reports none). */
function postWithProgress(body: FormData, onProgress: (fraction: number) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload');
    for (const [name, value] of Object.entries(clientHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText) as Answer);
      } catch {
        reject(new Error('bad answer'));
      }
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.send(body);
  });
}

async function send(
  file: File,
  maxBytes: number | undefined,
  onProgress: ((fraction: number) => void) | undefined,
  counted: boolean,
): Promise<string> {
  const invalid = checkImage(file, maxBytes);
  if (invalid) throw invalid;
  const body = new FormData();
  body.append('file', file);
  const endLoading = counted ? beginLoading() : () => undefined;
  try {
    let answer: Answer;
    try {
      if (onProgress) {
        answer = await postWithProgress(body, onProgress);
      } else {
        const response = await fetch('/api/upload', { method: 'POST', headers: clientHeaders(), body });
        answer = await response.json();
      }
    } catch {
      throw new ApiError(NETWORK_ERROR, i18n.t('common.api.networkError'));
    }
    if (answer.code === 0 && answer.url) return answer.url;
    const code = answer.code ?? 'UPLOAD_FAILED';
    throw new ApiError(code, errorText(errorNameOf(code) ? code : 'UPLOAD_FAILED', answer.msg));
  } finally {
    endLoading();
  }
}
