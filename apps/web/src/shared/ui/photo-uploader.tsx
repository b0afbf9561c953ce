import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { IMAGE_MIME_TYPES, uploadImage } from '@/shared/api/upload';

/** Up to `max` photos uploaded as they are picked (POST /api/upload, the server's types and size). */
export function PhotoUploader({
  value,
  onChange,
  max,
}: {
  value: ImageUploadItem[];
  onChange: (items: ImageUploadItem[]) => void;
  max: number;
}) {
  return (
    <ImageUploader
      value={value}
      onChange={onChange}
      upload={async (file) => ({ url: await uploadImage(file) })}
      maxCount={max}
      accept={IMAGE_MIME_TYPES.join(',')}
      multiple
    />
  );
}
