import { RotateRightOutlined } from '@ant-design/icons';
import { cropImage } from '@studio/client/crop-image';
import type { PixelArea } from '@studio/contract/image-crop';
import { Button, Flex, Modal, Slider, Typography } from 'antd';
import { useEffect, useState } from 'react';
import Cropper from 'react-easy-crop';
import { useTranslation } from 'react-i18next';

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;

/**
 * A square crop of a chosen photo before it is uploaded (a teacher's photo): drag to move, the mouse
 * wheel (or the slider) to zoom, the slider or the quarter-turn button to turn, with a preview of what
 * will be uploaded. Loaded only when a photo is chosen.
 */
export default function PhotoCropper({
  src,
  onCropped,
  onClose,
}: {
  /** An object URL of the chosen file. */
  src: string;
  /** Uploads the cropped JPEG; the dialog closes when it resolves, stays open when it throws. */
  onCropped: (file: File) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('cropper');
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [area, setArea] = useState<PixelArea | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!area) return;
    let url: string | null = null;
    let cancelled = false;
    const timer = setTimeout(() => {
      void cropImage(src, area, rotation)
        .then((file) => {
          if (cancelled) return;
          url = URL.createObjectURL(file);
          setPreview(url);
        })
        .catch(() => undefined);
    }, 150);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      if (url) URL.revokeObjectURL(url);
    };
  }, [src, area, rotation]);

  async function save() {
    if (!area) return;
    setBusy(true);
    try {
      await onCropped(await cropImage(src, area, rotation, 'photo.jpg'));
      onClose();
    } catch {
      // The upload said why; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={t('title')}
      width={640}
      onCancel={onClose}
      okText={t('save')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: !area, loading: busy }}
      onOk={() => void save()}
      maskClosable={false}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      <section
        aria-label={t('area')}
        style={{ position: 'relative', height: 360, background: '#1f1a17', borderRadius: 8, overflow: 'hidden' }}
      >
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          rotation={rotation}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          aspect={1}
          showGrid
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onRotationChange={setRotation}
          onCropComplete={(_a, pixels) => setArea(pixels)}
        />
      </section>
      <Flex gap={24} align="center" style={{ marginTop: 16 }}>
        <Flex vertical flex={1} gap={4}>
          <Flex align="center" gap={12}>
            <span style={{ width: 56 }} aria-hidden>
              {t('zoom')}
            </span>
            <Slider
              style={{ flex: 1 }}
              min={MIN_ZOOM}
              max={MAX_ZOOM}
              step={0.01}
              value={zoom}
              onChange={setZoom}
              tooltip={{ open: false }}
              ariaLabelForHandle={t('zoom')}
            />
          </Flex>
          <Flex align="center" gap={12}>
            <span style={{ width: 56 }} aria-hidden>
              {t('rotate')}
            </span>
            <Slider
              style={{ flex: 1 }}
              min={-180}
              max={180}
              value={rotation}
              onChange={setRotation}
              tooltip={{ formatter: (v) => `${v}°` }}
              ariaLabelForHandle={t('rotate')}
            />
            <Button
              icon={<RotateRightOutlined aria-hidden />}
              aria-label={t('quarterTurn')}
              onClick={() => setRotation((r) => ((r + 90 + 180) % 360) - 180)}
            />
          </Flex>
        </Flex>
        {preview ? (
          <img src={preview} alt={t('preview')} width={96} height={96} style={{ borderRadius: 8 }} />
        ) : (
          <span style={{ width: 96, height: 96, borderRadius: 8, background: '#f0e6dc' }} aria-hidden />
        )}
      </Flex>
    </Modal>
  );
}
