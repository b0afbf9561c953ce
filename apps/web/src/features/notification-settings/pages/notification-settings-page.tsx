import { List } from 'antd-mobile';
import { MessageOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { resendPushSubscription, usePushConfig, usePushState } from '@/shared/push/push-device';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { CATEGORIES, usePreferences, useSetPreference } from '../api/preferences';
import { CategoryList } from '../components/category-list';
import { PushDeviceRow } from '../components/push-device-row';
import '../components/notification-settings.css';

/**
 * Notifications: push on this device, then per category (classes, orders, the studio's
 * announcements, offers) the channels beside the app's notice centre, which always gets everything.
 */
export function NotificationSettingsPage() {
  const { t } = useTranslation();
  const settings = usePreferences();
  const config = usePushConfig();
  const push = usePushState();
  const setPreference = useSetPreference();

  // A device that is subscribed may have been subscribed by someone else signed in here before:
  // telling the server again makes "on" true for this member.
  const subscribed = push.state === 'on';
  useEffect(() => {
    if (subscribed) resendPushSubscription().catch(() => {});
  }, [subscribed]);

  return (
    <div className="stack notification-settings">
      <PushDeviceRow
        state={push.state}
        vapidKey={config.data?.vapid_public_key}
        onState={push.setState}
        refresh={push.refresh}
      />
      <List>
        <List.Item
          prefix={<MessageOutline aria-hidden="true" />}
          description={t('notificationSettings.inApp.text')}
          extra={t('notificationSettings.inApp.always')}
        >
          <span>{t('notificationSettings.inApp.title')}</span>
        </List.Item>
      </List>
      {settings.isPending ? (
        <PageSkeleton rows={2} />
      ) : settings.error ? (
        <PageError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        CATEGORIES.map((category) => (
          <CategoryList
            key={category}
            category={category}
            settings={settings.data}
            devicePush={subscribed && Boolean(config.data?.vapid_public_key)}
            onChange={(change) => setPreference.mutate(change)}
          />
        ))
      )}
    </div>
  );
}
