import { ImageUploader, type ImageUploadItem, ImageViewer } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { IMAGE_MIME_TYPES, uploadImage } from '@/shared/api/upload';
import './photo-uploader.css';

/**
 * Up to `max` photos uploaded as they are picked (POST /api/upload, the server's types and size). Each
 * uploaded photo is drawn here, not by antd-mobile (whose picture has no alt text and whose remove
 * cross is a span no keyboard reaches): "Photo 2", a button that shows it large, and "Remove photo 2".
 */
export function PhotoUploader({
  value,
  onChange,
  max,
}: {
  value: ImageUploadItem[];
  onChange: (items: ImageUploadItem[]) => void;
  max: number;
}) {
  const { t } = useTranslation();
  return (
    <ImageUploader
      value={value}
      onChange={onChange}
      upload={async (file) => ({ url: await uploadImage(file) })}
      maxCount={max}
      accept={IMAGE_MIME_TYPES.join(',')}
      multiple
      renderItem={(_antdCell, item, items) => {
        const index = items.indexOf(item);
        const n = index + 1;
        return (
          <div key={item.key ?? item.url} className="adm-image-uploader-cell photo-uploader-cell">
            <button
              type="button"
              className="photo-uploader-view"
              aria-label={t('common.photos.view', { n })}
              onClick={() => ImageViewer.Multi.show({ images: items.map((i) => i.url), defaultIndex: index })}
            >
              <img src={item.thumbnailUrl ?? item.url} alt={t('common.photos.photo', { n })} />
            </button>
            <button
              type="button"
              className="photo-uploader-remove"
              aria-label={t('common.photos.remove', { n })}
              onClick={() => onChange(items.filter((i) => i !== item))}
            >
              <CloseOutline aria-hidden="true" />
            </button>
          </div>
        );
      }}
    />
  );
}
