import { Button, Dialog } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { dialogContainer } from '@/shared/ui/dialog-container';
import { useUpdateState } from './update-state';
import { reloadIntoNewVersion } from './updates';
import './update-prompt.css';

/**
 * The one "A new version is ready" prompt: a banner the member may close when the update can wait,
 * a dialog with Reload alone when this app is below the server's min_version.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const { need, notes, dismissed, reloading } = useUpdateState();
  if (need === 'required') {
    return (
      <Dialog
        visible
        aria-label={t('updates.requiredTitle')}
        getContainer={dialogContainer}
        title={t('updates.requiredTitle')}
        content={
          <>
            <p>{t('updates.requiredText')}</p>
            {notes && <p className="update-banner-notes">{notes}</p>}
          </>
        }
        actions={[{ key: 'reload', text: t('updates.reload'), bold: true, disabled: reloading }]}
        onAction={reloadIntoNewVersion}
        closeOnMaskClick={false}
      />
    );
  }
  if (need !== 'available' || dismissed) return null;
  return (
    <section className="update-banner" role="status" aria-label={t('updates.ready')}>
      <span className="update-banner-text">
        {t('updates.ready')}
        {notes && <span className="update-banner-notes">{notes}</span>}
      </span>
      <Button color="primary" size="small" loading={reloading} onClick={reloadIntoNewVersion}>
        {t('updates.reload')}
      </Button>
      <button
        type="button"
        className="update-banner-close"
        aria-label={t('updates.later')}
        onClick={() => useUpdateState.setState({ dismissed: true })}
      >
        <CloseOutline aria-hidden="true" />
      </button>
    </section>
  );
}

/** Renders the prompt in a root of its own, beside the app: it outlives any page and route change. */
export function mountUpdatePrompt(doc: Document = document): void {
  const host = doc.createElement('div');
  host.id = 'update-prompt';
  doc.body.append(host);
  createRoot(host).render(<UpdatePrompt />);
}
