import type { DeliveryChannel, NotificationPreferences, PreferenceCategory } from '@studio/contract/channels';
import { List, Switch } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/shared/navigation/paths';
import { AppLink } from '@/shared/ui/app-link';
import type { PreferenceChange } from '../api/preferences';

interface CategoryListProps {
  category: PreferenceCategory;
  settings: NotificationPreferences;
  /** Whether this device is subscribed: push switches need it. */
  devicePush: boolean;
  onChange: (change: PreferenceChange) => void;
}

function categoryTitle(t: TFunction, category: PreferenceCategory): string {
  return {
    classes: t('notificationSettings.categories.classes'),
    orders: t('notificationSettings.categories.orders'),
    studio: t('notificationSettings.categories.studio'),
    offers: t('notificationSettings.categories.offers'),
  }[category];
}

function channelTitle(t: TFunction, channel: DeliveryChannel): string {
  return {
    email: t('notificationSettings.channels.email'),
    sms: t('notificationSettings.channels.sms'),
    push: t('notificationSettings.channels.push'),
  }[channel];
}

/**
 * The channels a category can come by. Text messages only ever carry urgent class notices (the
 * contract's SMS_NOTICE_TYPES), so they are offered under classes, and only where the studio sends them.
 */
function channelsOf(category: PreferenceCategory, settings: NotificationPreferences): DeliveryChannel[] {
  return category === 'classes' && settings.available.sms ? ['email', 'sms', 'push'] : ['email', 'push'];
}

/** Why a channel cannot reach the member, or null when it can. */
function whyNot(
  t: TFunction,
  channel: DeliveryChannel,
  settings: NotificationPreferences,
  devicePush: boolean,
): ReactNode {
  if (channel === 'email' && !settings.available.email) {
    return settings.email ? (
      t('notificationSettings.why.studioOff')
    ) : (
      <AppLink to={paths.updateMailbox}>{t('notificationSettings.why.addEmail')}</AppLink>
    );
  }
  if (!settings.available[channel]) return t('notificationSettings.why.studioOff');
  if (channel === 'push' && !devicePush) return t('notificationSettings.why.pushDevice');
  return null;
}

/** One category's channels, each a switch saved at once; a channel that cannot reach the member says why. */
export function CategoryList({ category, settings, devicePush, onChange }: CategoryListProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <List
        header={
          <h2 id={headingId} className="notification-category">
            {categoryTitle(t, category)}
          </h2>
        }
      >
        {channelsOf(category, settings).map((channel) => (
          <ChannelRow
            key={channel}
            title={channelTitle(t, channel)}
            reason={whyNot(t, channel, settings, devicePush)}
            on={settings.preferences[category][channel]}
            onChange={(on) => onChange({ category, channel, on })}
          />
        ))}
      </List>
    </section>
  );
}

function ChannelRow(props: { title: string; reason: ReactNode; on: boolean; onChange: (on: boolean) => void }) {
  const { title, reason, on, onChange } = props;
  const titleId = useId();
  const reasonId = useId();
  const available = reason === null;
  return (
    <List.Item
      description={available ? undefined : <span id={reasonId}>{reason}</span>}
      extra={
        <Switch
          aria-labelledby={titleId}
          aria-describedby={available ? undefined : reasonId}
          // What cannot reach the member shows off, whatever was chosen for it.
          checked={available && on}
          disabled={!available}
          onChange={onChange}
        />
      }
    >
      <span id={titleId}>{title}</span>
    </List.Item>
  );
}
