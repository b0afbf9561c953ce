import { useEffect, useState } from 'react';
import './check-in.css';
import { useTranslation } from 'react-i18next';

interface QrCodeProps {
  value: string;
  /** CSS pixels; drawn at twice that for sharp phone screens. */
  size?: number;
  label: string;
}

/**
 * A QR code, large and high contrast (UI.md): black on white with a quiet zone. The qrcode library
 * loads with the first code shown.
 */
export function QrCode({ value, size = 240, label }: QrCodeProps) {
  const { t } = useTranslation();
  const [image, setImage] = useState<{ value: string; url: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    setFailed(false);
    import('qrcode')
      .then((QRCode) =>
        QRCode.toDataURL(value, {
          width: size * 2,
          margin: 2,
          errorCorrectionLevel: 'M',
          color: { dark: '#000000', light: '#ffffff' },
        }),
      )
      .then((url) => {
        if (live) setImage({ value, url });
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [value, size]);

  const style = { width: size, height: size };
  if (failed) {
    return (
      <div className="qr-box qr-failed" style={style} role="img" aria-label={label}>
        {t('reservations.qr.failed')}
      </div>
    );
  }
  if (!image || image.value !== value) {
    return <div className="qr-box qr-loading" style={style} role="img" aria-label={t('common.loading')} />;
  }
  return <img className="qr-box" src={image.url} width={size} height={size} alt={label} />;
}
