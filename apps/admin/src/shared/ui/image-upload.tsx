import { CloseOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { ApiError } from '@studio/client/api-error';
import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES, type UploadResult } from '@studio/contract/account';
import type { Envelope } from '@studio/contract/protocol-core';
import { Button, Flex, Image, Tooltip, Upload } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminHeaders, errorText } from '@/shared/api/client';
import { showMessage } from './feedback';

const IMAGE_MIME_TYPES = UPLOAD_IMAGE_TYPES.map((type) => `image/${type}`);

// The cropper and its library load when a photo is chosen for a field that crops.
const PhotoCropper = lazy(() => import('./photo-cropper'));

/** Uploads an image (POST /api/upload, multipart `file`) and resolves with its url; failures throw ApiError. */
export async function uploadImage(file: File): Promise<string> {
  if (!IMAGE_MIME_TYPES.includes(file.type)) {
    throw new ApiError('FILE_TYPE_INVALID', errorText('FILE_TYPE_INVALID', { allowed: UPLOAD_IMAGE_TYPES.join(', ') }));
  }
  if (file.size > UPLOAD_MAX_BYTES)
    throw new ApiError('FILE_TOO_LARGE', errorText('FILE_TOO_LARGE', { maxMb: UPLOAD_MAX_BYTES / 1024 / 1024 }));
  const body = new FormData();
  body.append('file', file);
  let answer: Partial<Envelope & UploadResult>;
  try {
    const response = await fetch('/api/upload', { method: 'POST', headers: adminHeaders(), body });
    answer = await response.json();
  } catch {
    throw new ApiError('NETWORK_ERROR', errorText('UPLOAD_FAILED'));
  }
  if (answer.code === 0 && answer.url) return answer.url;
  throw new ApiError(answer.code ?? 'UPLOAD_FAILED', answer.msg ?? errorText('UPLOAD_FAILED'));
}

/**
 * A form control for one image: shows the current one, uploads a chosen file and sets the field to
 * its url (antd Form passes value / onChange). `label` names the button for screen readers.
 */
export function ImageUpload({
  value,
  onChange,
  label,
  id,
  compact = false,
  crop = false,
}: {
  value?: string | null;
  onChange?: (url: string | null) => void;
  label: string;
  id?: string;
  /** A small picture and an icon-only upload button, for a table cell. */
  compact?: boolean;
  /** Crop the chosen photo to a square before uploading it (a teacher's photo). */
  crop?: boolean;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  // The chosen photo (an object URL) while the cropper frames it.
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => () => void (chosen && URL.revokeObjectURL(chosen)), [chosen]);
  async function uploadCropped(file: File) {
    try {
      onChange?.(await uploadImage(file));
    } catch (e) {
      showMessage(e instanceof ApiError ? e.msg : String(e));
      throw e;
    }
  }
  const size = compact ? 56 : 96;
  return (
    <Flex gap={compact ? 8 : 12} align="center">
      {value ? (
        // The picture's own remove: a cross on its corner, so it never reads as removing the row it sits in.
        <span className="image-upload-picture">
          <Image src={value} width={size} height={size} style={{ objectFit: 'cover' }} alt={label} />
          <Tooltip title={t('actions.removePicture')}>
            <Button
              className="image-upload-remove"
              size="small"
              shape="circle"
              icon={<CloseOutlined aria-hidden />}
              aria-label={t('actions.removePictureOf', { label })}
              onClick={() => onChange?.(null)}
            />
          </Tooltip>
        </span>
      ) : null}
      {chosen && (
        <Suspense fallback={null}>
          <PhotoCropper src={chosen} onCropped={uploadCropped} onClose={() => setChosen(null)} />
        </Suspense>
      )}
      <Upload
        accept={IMAGE_MIME_TYPES.join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          if (!crop) return true;
          setChosen(URL.createObjectURL(file));
          return Upload.LIST_IGNORE;
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          setBusy(true);
          try {
            const url = await uploadImage(file as File);
            onChange?.(url);
            onSuccess?.(url);
          } catch (e) {
            showMessage(e instanceof ApiError ? e.msg : String(e));
            onError?.(e as Error);
          } finally {
            setBusy(false);
          }
        }}
      >
        {compact ? (
          <Tooltip title={value ? t('actions.replace') : t('actions.upload')}>
            <Button
              id={id}
              icon={<UploadOutlined aria-hidden />}
              loading={busy}
              aria-label={`${label}: ${value ? t('actions.replace') : t('actions.upload')}`}
            />
          </Tooltip>
        ) : (
          <Button
            id={id}
            icon={<PlusOutlined />}
            loading={busy}
            aria-label={`${label}: ${value ? t('actions.replace') : t('actions.upload')}`}
          >
            {value ? t('actions.replace') : t('actions.upload')}
          </Button>
        )}
      </Upload>
    </Flex>
  );
}
