import { Button, Input, Popup } from 'antd-mobile';
import { ScanningOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLockedAction } from '@/shared/hooks/use-locked-action';

/** The scanner is its own chunk: html5-qrcode loads only when the camera is opened. */
const QrScanner = lazy(async () => ({ default: (await import('./qr-scanner')).QrScanner }));

interface CodeEntryProps {
  /** Checks a code; resolves when done (an ApiError was already shown by the api client). */
  onSubmit: (code: string) => Promise<unknown>;
  submitLabel: string;
}

/** A member's code, typed or scanned with the camera. */
export function CodeEntry({ onSubmit, submitLabel }: CodeEntryProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);
  const [submit, pending] = useLockedAction(async (value: string) => {
    await onSubmit(value);
    setCode('');
  });

  return (
    <form
      className="code-entry"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (code.trim()) void submit(code.trim());
      }}
    >
      <label className="field-label" htmlFor={inputId}>
        {t('teacher.scan.codeLabel')}
      </label>
      <div className="field-row">
        <Input
          id={inputId}
          value={code}
          onChange={(value) => setCode(value.toUpperCase())}
          placeholder={t('teacher.scan.codePlaceholder')}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={64}
        />
        <Button type="submit" color="primary" loading={pending} disabled={pending || !code.trim()}>
          {submitLabel}
        </Button>
      </div>
      <Button block className="scan-button" fill="outline" color="primary" onClick={() => setScanning(true)}>
        <ScanningOutline aria-hidden="true" /> {t('teacher.scan.open')}
      </Button>
      <Popup
        visible={scanning}
        onMaskClick={() => setScanning(false)}
        onClose={() => setScanning(false)}
        showCloseButton
        destroyOnClose
      >
        <div className="sheet" role="dialog" aria-labelledby={`${inputId}-scan`}>
          <h2 id={`${inputId}-scan`} className="sheet-title">
            {t('teacher.scan.title')}
          </h2>
          <Suspense fallback={<p className="secondary qr-scanner-hint">{t('teacher.scan.starting')}</p>}>
            {scanning && (
              <QrScanner
                onCode={(value) => {
                  setScanning(false);
                  setCode(value);
                  void submit(value);
                }}
              />
            )}
          </Suspense>
          <div className="form-actions">
            <Button block size="large" onClick={() => setScanning(false)}>
              {t('teacher.scan.close')}
            </Button>
          </div>
        </div>
      </Popup>
    </form>
  );
}
