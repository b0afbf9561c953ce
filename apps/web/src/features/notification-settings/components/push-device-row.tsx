import { ApiError } from '@studio/client/api-error';
import { List, Switch } from 'antd-mobile';
import { BellOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { needsHomeScreen, type PushState, turnOffPush, turnOnPush } from '@/shared/push/push-device';
import { showToast } from '@/shared/ui/feedback';

interface PushDeviceRowProps {
  /** This device's state; null while it is read. */
  state: PushState | null;
  /** The studio's VAPID key: null when it sends no pushes, undefined while it loads (or failed to). */
  vapidKey: string | null | undefined;
  onState: (state: PushState) => void;
  /** Reads the device's state again (after a failure left it unknown). */
  refresh: () => Promise<void>;
}

/**
 * "Push notifications on this device": the master switch of this browser's subscription, or why
 * there is none (the studio sends no pushes, the browser cannot, the member blocked them).
 */
export function PushDeviceRow({ state, vapidKey, onState, refresh }: PushDeviceRowProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();

  async function change(on: boolean): Promise<void> {
    try {
      if (on && vapidKey) {
        // First thing in the tap: the browser asks for the permission only from a user gesture.
        const next = await turnOnPush(vapidKey);
        onState(next);
        if (next === 'on') showToast(t('notificationSettings.device.turnedOn'));
      } else {
        await turnOffPush();
        onState('off');
        showToast(t('notificationSettings.device.turnedOff'));
      }
    } catch (error) {
      showToast(error instanceof ApiError ? error.msg : t('notificationSettings.device.failed'));
      await refresh();
    }
  }

  let text: string;
  let status: string | null = null;
  if (vapidKey === null) {
    text = t('notificationSettings.device.studioOff');
    status = t('notificationSettings.device.statusOff');
  } else if (state === 'unsupported') {
    text = needsHomeScreen()
      ? t('notificationSettings.device.homeScreen')
      : t('notificationSettings.device.unsupported');
    status = t('notificationSettings.device.statusUnavailable');
  } else if (state === 'denied') {
    text = t('notificationSettings.device.denied');
    status = t('notificationSettings.device.statusBlocked');
  } else if (state === 'on') {
    text = t('notificationSettings.device.on');
  } else {
    text = t('notificationSettings.device.off');
  }

  return (
    <List header={t('notificationSettings.device.header')}>
      <List.Item
        prefix={<BellOutline aria-hidden="true" />}
        description={<span id={textId}>{text}</span>}
        extra={
          status ?? (
            <Switch
              aria-labelledby={titleId}
              aria-describedby={textId}
              checked={state === 'on'}
              // Unknown until the device and the studio's key are read.
              disabled={state === null || vapidKey === undefined}
              onChange={change}
            />
          )
        }
      >
        <span id={titleId}>{t('notificationSettings.device.title')}</span>
      </List.Item>
    </List>
  );
}
