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
  { maxBytes, ...options }: CallOptions & { maxBytes?: number } = {},
): Promise<string> {
  try {
    return await send(file, maxBytes);
  } catch (e) {
    if (e instanceof ApiError) reportError(e, options);
    throw e;
  }
}

async function send(file: File, maxBytes?: number): Promise<string> {
  const invalid = checkImage(file, maxBytes);
  if (invalid) throw invalid;
  const body = new FormData();
  body.append('file', file);
  const endLoading = beginLoading();
  try {
    let answer: Partial<Envelope & UploadResult>;
    try {
      const response = await fetch('/api/upload', { method: 'POST', headers: clientHeaders(), body });
      answer = await response.json();
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
