import { webViewDecision } from '@studio/contract/web-view-rule';
import { Button } from 'antd-mobile';
import { LinkOutline } from 'antd-mobile-icons';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMchInfo } from '@/shared/merchant/mch-info';
import { navigateBack } from '@/shared/navigation/navigation';
import { confirmDialog } from '@/shared/ui/confirm-dialog';
import { EmptyState, PageSkeleton } from '@/shared/ui/page-states';
import '../web-view.css';

/**
 * A studio link (spec web-view/web-view?url=): shown in a frame under the app's bar when it is https
 * and its host is on the studio's allow-list (the server's CSP frame-src names the same hosts); any
 * other http(s) address is asked about, then opened in a new tab that cannot reach back into the app;
 * anything else (javascript:, data:, an address with a password in it) is never opened.
 */
export function WebViewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const studio = useMchInfo();
  if (studio.isPending) return <PageSkeleton rows={1} />;
  // Without the studio's list nothing is framed: every address is asked about.
  const decision = webViewDecision(params.get('url'), studio.data?.mchInfo.web_view?.hosts ?? []);
  if (decision.kind === 'refuse') return <EmptyState title={t('webView.refused')} />;
  const host = new URL(decision.url).host;
  if (decision.kind === 'frame') return <Framed url={decision.url} host={host} />;
  return <LeaveApp url={decision.url} host={host} />;
}

/** The allowed page, filling the screen below whatever the app shows above it. */
function Framed({ url, host }: { url: string; host: string }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const fit = () => {
      const el = box.current;
      if (el) el.style.setProperty('--web-view-height', `${window.innerHeight - el.getBoundingClientRect().top}px`);
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, []);
  return (
    <div className="web-view" ref={box}>
      <iframe
        className="web-view-frame"
        src={url}
        title={t('webView.frameTitle', { host })}
        referrerPolicy="no-referrer"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
      />
      <div className="web-view-footer">
        <span className="secondary web-view-host">{host}</span>
        <Button size="small" fill="none" onClick={() => openOutside(url)}>
          <LinkOutline aria-hidden="true" /> {t('webView.openOutside')}
        </Button>
      </div>
    </div>
  );
}

function openOutside(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** An address the studio has not allowed: asked about once on arrival, and again from the button. */
function LeaveApp({ url, host }: { url: string; host: string }) {
  const { t } = useTranslation();
  const asked = useRef(false);

  async function ask(): Promise<void> {
    const go = await confirmDialog({
      title: t('webView.leaveTitle'),
      content: t('webView.leaveBody', { host }),
      confirmText: t('webView.leaveConfirm'),
      cancelText: t('common.cancel'),
    });
    if (!go) return;
    openOutside(url);
    void navigateBack();
  }

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void ask();
  });

  return (
    <section className="card stack-tight web-view-leave" aria-labelledby="web-view-leave-title">
      <h2 id="web-view-leave-title" className="section-title">
        {t('webView.outsideTitle')}
      </h2>
      <p>{t('webView.outsideBody', { host })}</p>
      <p className="secondary web-view-url">{url}</p>
      <Button block color="primary" onClick={() => void ask()}>
        {t('webView.leaveConfirm')}
      </Button>
    </section>
  );
}
