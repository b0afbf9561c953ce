import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type ScanProblem = 'insecure' | 'noCamera' | 'denied' | 'busy' | 'failed';

/** Why the camera could not start, from what the browser or html5-qrcode threw. */
export function scanProblemOf(error: unknown): ScanProblem {
  const text = `${(error as { name?: string })?.name ?? ''} ${String((error as { message?: string })?.message ?? error)}`;
  if (/NotAllowed|Permission|denied/i.test(text)) return 'denied';
  if (/NotFound|no camera|not found|Overconstrained/i.test(text)) return 'noCamera';
  if (/NotReadable|in use|Could not start/i.test(text)) return 'busy';
  return 'failed';
}

interface QrScannerProps {
  /** A decoded code; the same code is not reported again within a few seconds. */
  onCode: (code: string) => void;
}

const REPEAT_MS = 3000;

/**
 * The phone's back camera reading QR codes. html5-qrcode (a large library) loads only here, when
 * the scanner opens. When there is no camera, no permission or no secure connection, it says so:
 * typing the code remains possible beside it.
 */
export function QrScanner({ onCode }: QrScannerProps) {
  const { t } = useTranslation();
  const elementId = `qr-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const [problem, setProblem] = useState<ScanProblem | null>(null);
  const [scanning, setScanning] = useState(false);
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) {
      setProblem(window.isSecureContext ? 'noCamera' : 'insecure');
      return;
    }
    let cancelled = false;
    let last = { code: '', at: 0 };
    let stop: (() => Promise<void>) | null = null;
    import('html5-qrcode')
      .then(async ({ Html5Qrcode, Html5QrcodeSupportedFormats }) => {
        if (cancelled) return;
        const scanner = new Html5Qrcode(elementId, {
          verbose: false,
          formatsToSupport: [Html5QrcodeSupportedFormats.QR_CODE],
        });
        stop = async () => {
          if (scanner.isScanning) await scanner.stop();
          scanner.clear();
        };
        await scanner.start(
          { facingMode: 'environment' },
          { fps: 10, qrbox: (w, h) => ({ width: Math.min(w, h) * 0.7, height: Math.min(w, h) * 0.7 }) },
          (text) => {
            const now = Date.now();
            if (text === last.code && now - last.at < REPEAT_MS) return;
            last = { code: text, at: now };
            latest.current(text);
          },
          () => {
            // No code in this frame: keep looking.
          },
        );
        if (cancelled) await stop();
        else setScanning(true);
      })
      .catch((error: unknown) => {
        if (!cancelled) setProblem(scanProblemOf(error));
      });
    return () => {
      cancelled = true;
      void stop?.().catch(() => {});
    };
  }, [elementId]);

  return (
    <div className="qr-scanner">
      <div id={elementId} className="qr-scanner-view" aria-hidden="true" />
      {problem ? (
        <p className="qr-scanner-problem" role="alert">
          {t(`teacher.scan.problems.${problem}`)}
        </p>
      ) : (
        <p className="secondary qr-scanner-hint" role="status">
          {scanning ? t('teacher.scan.aim') : t('teacher.scan.starting')}
        </p>
      )}
    </div>
  );
}
