import { UPLOAD_CONCURRENCY } from '@studio/contract/images';
import { type ImageUploadItem, ImageViewer } from 'antd-mobile';
import { AddOutline, CloseOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MIME_TYPES, uploadImage } from '@/shared/api/upload';
import { showToast } from './feedback';
import { type Upload, UploadQueue, type UploadTask } from './upload-queue';
import './photo-uploader.css';

const defaultUpload: Upload = (file, onProgress) => uploadImage(file, { onProgress, loading: false, silent: true });

/** A picked file's picture before it is uploaded ('' where the browser cannot make one). */
function usePreview(file: File): string {
  const [url, setUrl] = useState('');
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

function PendingPhoto({
  task,
  n,
  onRetry,
  onRemove,
}: {
  task: UploadTask;
  n: number;
  onRetry: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const preview = usePreview(task.file);
  const percent = Math.round(task.progress * 100);
  return (
    <div className="photo-uploader-cell photo-uploader-pending" data-status={task.status}>
      {preview && <img src={preview} alt={t('common.photos.photo', { n })} />}
      {task.status === 'failed' ? (
        <button
          type="button"
          className="photo-uploader-retry"
          aria-label={t('common.photos.retry', { n })}
          title={task.error}
          onClick={onRetry}
        >
          {t('common.photos.failed')}
          <span>{t('common.photos.retryShort')}</span>
        </button>
      ) : (
        <div
          className="photo-uploader-progress"
          role="progressbar"
          aria-label={t('common.photos.uploading', { n })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <span>{task.status === 'queued' ? t('common.photos.waiting') : `${percent}%`}</span>
          <i style={{ width: `${percent}%` }} />
        </div>
      )}
      <button
        type="button"
        className="photo-uploader-remove"
        aria-label={t('common.photos.remove', { n })}
        onClick={onRemove}
      >
        <CloseOutline aria-hidden="true" />
      </button>
    </div>
  );
}

/**
 * Up to `max` photos, uploaded as they are picked (POST /api/upload), at most UPLOAD_CONCURRENCY at
 * once (spec): each waiting or uploading file shows its progress, a failed one says so and retries on
 * a tap; picking more than there is room for says how many fit instead of dropping them silently.
 * Uploaded photos are named ("Photo 2"), shown large on a tap and removed with "Remove photo 2".
 * `onBusyChange` tells a form to wait while files are still on their way.
 */
export function PhotoUploader({
  value,
  onChange,
  max,
  upload = defaultUpload,
  onBusyChange,
}: {
  value: ImageUploadItem[];
  onChange: (items: ImageUploadItem[]) => void;
  max: number;
  upload?: Upload;
  onBusyChange?: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const [tasks, setTasks] = useState<UploadTask[]>([]);
  const input = useRef<HTMLInputElement>(null);
  // The latest value and onChange for uploads that finish after a render.
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  const queue = useMemo(
    () =>
      new UploadQueue({
        limit: UPLOAD_CONCURRENCY,
        upload,
        onChange: setTasks,
        onUploaded: (url) => {
          const { value: now, onChange: tell } = latest.current;
          const next = [...now, { url }];
          latest.current.value = next;
          tell(next);
        },
      }),
    [upload],
  );
  const busy = tasks.some((task) => task.status !== 'failed');
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  const room = max - value.length - tasks.length;
  const pick = (files: File[]) => {
    const fits = files.slice(0, Math.max(0, room));
    if (files.length > fits.length) showToast(t('common.photos.tooMany', { max, count: fits.length }));
    if (fits.length > 0) queue.add(fits);
  };

  return (
    <div className="photo-uploader">
      {value.map((item, index) => {
        const n = index + 1;
        return (
          <div key={item.key ?? item.url} className="photo-uploader-cell">
            <button
              type="button"
              className="photo-uploader-view"
              aria-label={t('common.photos.view', { n })}
              onClick={() => ImageViewer.Multi.show({ images: value.map((i) => i.url), defaultIndex: index })}
            >
              <img src={item.thumbnailUrl ?? item.url} alt={t('common.photos.photo', { n })} />
            </button>
            <button
              type="button"
              className="photo-uploader-remove"
              aria-label={t('common.photos.remove', { n })}
              onClick={() => onChange(value.filter((i) => i !== item))}
            >
              <CloseOutline aria-hidden="true" />
            </button>
          </div>
        );
      })}
      {tasks.map((task, index) => (
        <PendingPhoto
          key={task.key}
          task={task}
          n={value.length + index + 1}
          onRetry={() => queue.retry(task.key)}
          onRemove={() => queue.remove(task.key)}
        />
      ))}
      {room > 0 && (
        <button
          type="button"
          className="photo-uploader-cell photo-uploader-add"
          aria-label={t('common.photos.add', { count: room })}
          onClick={() => input.current?.click()}
        >
          <AddOutline aria-hidden="true" />
        </button>
      )}
      <input
        ref={input}
        type="file"
        accept={IMAGE_MIME_TYPES.join(',')}
        multiple
        hidden
        data-testid="photo-input"
        aria-label={t('common.photos.choose')}
        onChange={(e) => {
          pick([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
    </div>
  );
}
