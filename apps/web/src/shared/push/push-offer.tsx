import { ApiError } from '@studio/client/api-error';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popup } from 'antd-mobile';
import { type ReactElement, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/shared/ui/feedback';
import { pushConfigQuery, pushSupported, turnOnPush } from './push-device';
import '@/shared/classes/classes.css';
import './push.css';

/** Set once the offer has been shown on this device: it is made once, whatever the answer. */
export const PUSH_OFFERED_KEY = 'studio.pushOffered';

function offeredBefore(): boolean {
  try {
    return localStorage.getItem(PUSH_OFFERED_KEY) !== null;
  } catch {
    // Storage blocked (a private window): better never to ask than to ask after every booking.
    return true;
  }
}

/**
 * Offers push at a moment that explains itself (after a booking), never on first load: only where
 * the browser can, the member has not been asked for the permission yet, the studio sends pushes,
 * and this device has not been offered before. `offer()` decides and opens the sheet; `sheet` is
 * rendered by the caller.
 */
export function usePushOffer(): { offer: () => void; sheet: ReactElement } {
  const queryClient = useQueryClient();
  const [vapidKey, setVapidKey] = useState<string | null>(null);
  const offer = useCallback(() => {
    if (!pushSupported() || Notification.permission !== 'default' || offeredBefore()) return;
    queryClient
      .fetchQuery(pushConfigQuery())
      .then(({ vapid_public_key: key }) => {
        if (!key || offeredBefore()) return;
        localStorage.setItem(PUSH_OFFERED_KEY, new Date().toISOString());
        setVapidKey(key);
      })
      // No config (offline, the server said no): nothing to offer; the settings page can still turn it on.
      .catch(() => {});
  }, [queryClient]);
  return { offer, sheet: <PushOfferSheet vapidKey={vapidKey} onClose={() => setVapidKey(null)} /> };
}

function PushOfferSheet({ vapidKey, onClose }: { vapidKey: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [turningOn, setTurningOn] = useState(false);

  function turnOn(key: string): void {
    setTurningOn(true);
    // Straight from the tap: the browser asks for the permission only from a user gesture.
    turnOnPush(key)
      .then((state) => {
        if (state === 'on') showToast(t('notificationSettings.device.turnedOn'));
        else if (state === 'denied') showToast(t('notificationSettings.device.blocked'));
      })
      .catch((error: unknown) =>
        showToast(error instanceof ApiError ? error.msg : t('notificationSettings.device.failed')),
      )
      .finally(() => {
        setTurningOn(false);
        onClose();
      });
  }

  return (
    <Popup
      visible={vapidKey !== null}
      onMaskClick={onClose}
      onClose={onClose}
      showCloseButton
      bodyClassName="sheet-body"
    >
      <div className="sheet" role="dialog" aria-labelledby="push-offer-title" aria-describedby="push-offer-text">
        <h2 id="push-offer-title" className="sheet-title">
          {t('notificationSettings.offer.title')}
        </h2>
        <p id="push-offer-text" className="push-offer-text">
          {t('notificationSettings.offer.text')}
        </p>
        <div className="form-actions">
          <Button
            block
            size="large"
            color="primary"
            loading={turningOn}
            loadingText={t('notificationSettings.offer.turnOn')}
            disabled={turningOn || vapidKey === null}
            onClick={() => {
              if (vapidKey) turnOn(vapidKey);
            }}
          >
            {t('notificationSettings.offer.turnOn')}
          </Button>
          <Button block size="large" fill="none" onClick={onClose}>
            {t('notificationSettings.offer.notNow')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
