import { Button, Popup } from 'antd-mobile';
import './check-in.css';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { confirmDialog } from '@/shared/ui/confirm-dialog';
import { showToast } from '@/shared/ui/feedback';
import { PageError } from '@/shared/ui/page-states';
import { feedLinks, resetCalendarFeed, useCalendarFeed } from './calendar-feed';

interface CalendarSheetProps {
  visible: boolean;
  onClose: () => void;
}

/**
 * "Add to calendar": my private iCalendar feed of reservations. Calendar apps subscribe to the
 * webcal:// link or the copied https url; resetting revokes the old url for good.
 */
export function CalendarSheet({ visible, onClose }: CalendarSheetProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const feed = useCalendarFeed(visible);
  const links = feed.data ? feedLinks(feed.data.url) : null;

  async function copy(text: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      showToast(t('reservations.calendar.copied'));
    } catch {
      // No clipboard (an insecure page, a refusal): the url stays selectable in the field (spec 8).
      showToast(t('reservations.calendar.copyFailed'));
      const input = document.getElementById(inputId) as HTMLInputElement | null;
      input?.select();
    }
  }

  const [reset, resetting] = useLockedAction(async () => {
    const confirmed = await confirmDialog({
      title: t('reservations.calendar.resetTitle'),
      content: t('reservations.calendar.resetConfirm'),
      confirmText: t('reservations.calendar.resetYes'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    await resetCalendarFeed();
    showToast(t('reservations.calendar.resetDone'));
  });

  return (
    <Popup visible={visible} onClose={onClose} closeOnMaskClick showCloseButton>
      <div className="sheet calendar-sheet" role="dialog" aria-labelledby="calendar-sheet-title">
        <h2 id="calendar-sheet-title" className="sheet-title">
          {t('reservations.calendar.title')}
        </h2>
        <p className="secondary">{t('reservations.calendar.text')}</p>
        {feed.error ? (
          <PageError error={feed.error} onRetry={() => void feed.refetch()} />
        ) : (
          <>
            <label className="field-label calendar-label" htmlFor={inputId}>
              {t('reservations.calendar.urlLabel')}
            </label>
            <input
              id={inputId}
              className="calendar-url"
              readOnly
              value={links?.https ?? ''}
              placeholder={t('common.loading')}
              onFocus={(e) => e.currentTarget.select()}
            />
            <div className="form-actions">
              {links ? (
                <a className="link-button" href={links.webcal}>
                  {t('reservations.calendar.subscribe')}
                </a>
              ) : null}
              <Button
                block
                size="large"
                color="primary"
                fill="outline"
                disabled={!links}
                onClick={() => {
                  if (links) void copy(links.https);
                }}
              >
                {t('reservations.calendar.copy')}
              </Button>
              <Button
                block
                fill="none"
                color="danger"
                loading={resetting}
                loadingText={t('reservations.calendar.reset')}
                disabled={!links || resetting}
                onClick={() => void reset()}
              >
                {t('reservations.calendar.reset')}
              </Button>
            </div>
            <p className="secondary calendar-privacy">{t('reservations.calendar.privacy')}</p>
          </>
        )}
      </div>
    </Popup>
  );
}
