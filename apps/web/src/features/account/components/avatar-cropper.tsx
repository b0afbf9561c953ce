import { cropImage } from '@studio/client/crop-image';
import type { PixelArea } from '@studio/contract/image-crop';
import { Button, Popup } from 'antd-mobile';
import { UndoOutline } from 'antd-mobile-icons';
import { useEffect, useId, useRef, useState } from 'react';
import Cropper from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { dialogContainer } from '@/shared/ui/dialog-container';
import './avatar-cropper.css';

interface AvatarCropperProps {
  /** An object URL of the photo the member chose. */
  src: string;
  /** Uploads and saves the square JPEG; the sheet closes when it resolves. */
  onSave: (file: File) => Promise<unknown>;
  onClose: () => void;
}

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;

/**
 * The avatar cropper (spec page): the chosen photo under a round square frame, moved by dragging,
 * zoomed by pinching (or the slider), turned by a two-finger twist (or the slider and the quarter-turn
 * button), with a preview of exactly what will be uploaded. Loaded only when a photo is chosen.
 */
export default function AvatarCropper({ src, onSave, onClose }: AvatarCropperProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [area, setArea] = useState<PixelArea | null>(null);
  const preview = usePreview(src, area, rotation);

  const [save, saving] = useLockedAction(async () => {
    if (!area) return;
    await onSave(await cropImage(src, area, rotation, 'avatar.jpg'));
    onClose();
  });

  return (
    <Popup
      visible
      position="bottom"
      bodyClassName="cropper-sheet-body"
      getContainer={dialogContainer}
      onClose={onClose}
    >
      <div className="sheet cropper-sheet" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="sheet-title">
          {t('cropper.title')}
        </h2>
        <p className="secondary cropper-hint">{t('cropper.hint')}</p>
        {/* Named, so a screen reader says what the focusable area the arrow keys move is. */}
        <section className="cropper-stage" aria-label={t('cropper.area')}>
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            rotation={rotation}
            minZoom={MIN_ZOOM}
            maxZoom={MAX_ZOOM}
            aspect={1}
            cropShape="round"
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onRotationChange={setRotation}
            onCropComplete={(_area, pixels) => setArea(pixels)}
          />
        </section>
        <div className="cropper-controls">
          <label className="cropper-slider">
            <span>{t('cropper.zoom')}</span>
            <input
              type="range"
              min={MIN_ZOOM}
              max={MAX_ZOOM}
              step={0.01}
              value={zoom}
              onChange={(e) => setZoom(Number(e.target.value))}
            />
          </label>
          <label className="cropper-slider">
            <span>{t('cropper.rotate')}</span>
            <input
              type="range"
              min={-180}
              max={180}
              step={1}
              value={rotation}
              aria-valuetext={t('cropper.degrees', { value: Math.round(rotation) })}
              onChange={(e) => setRotation(Number(e.target.value))}
            />
          </label>
          <Button
            fill="outline"
            size="small"
            className="cropper-turn"
            onClick={() => setRotation((r) => ((r + 90 + 180) % 360) - 180)}
          >
            <UndoOutline aria-hidden="true" className="cropper-turn-icon" /> {t('cropper.quarterTurn')}
          </Button>
        </div>
        <div className="cropper-footer">
          <div className="cropper-preview">
            {preview ? (
              <img src={preview} alt={t('cropper.preview')} width={56} height={56} />
            ) : (
              <span className="cropper-preview-empty" aria-hidden="true" />
            )}
          </div>
          <Button fill="none" onClick={onClose} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button color="primary" loading={saving} disabled={!area || saving} onClick={() => void save()}>
            {t('cropper.save')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}

/** The cropped image as it will be uploaded, redrawn a moment after the member stops moving it. */
function usePreview(src: string, area: PixelArea | null, rotation: number): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const latest = useRef<string | null>(null);
  useEffect(() => {
    if (!area) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      void cropImage(src, area, rotation)
        .then((file) => {
          if (cancelled) return;
          if (latest.current) URL.revokeObjectURL(latest.current);
          latest.current = URL.createObjectURL(file);
          setUrl(latest.current);
        })
        .catch(() => undefined);
    }, 150);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [src, area, rotation]);
  useEffect(
    () => () => {
      if (latest.current) URL.revokeObjectURL(latest.current);
    },
    [],
  );
  return url;
}
