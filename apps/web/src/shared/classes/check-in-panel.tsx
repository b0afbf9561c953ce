import { useTranslation } from 'react-i18next';
import { QrCode } from './qr-code';

/** A booking's check-in QR, large, with the code in text below for typing (UI.md "QR codes"). */
export function CheckInPanel({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <div className="qr-panel">
      <QrCode value={code} label={t('reservations.qr.label', { code })} />
      <p className="qr-caption">{t('reservations.qr.caption')}</p>
      <p className="qr-code-text figures">{code}</p>
    </div>
  );
}
