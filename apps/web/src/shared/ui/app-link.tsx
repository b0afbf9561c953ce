import { List } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import type { MouseEvent, ReactNode } from 'react';
import { navigateTo } from '@/shared/navigation/navigation';

interface AppLinkProps {
  to: string;
  className?: string;
  /** The accessible name, when the content is not text (an icon with a count). */
  label?: string;
  children: ReactNode;
}

function follow(event: MouseEvent<HTMLAnchorElement>, to: string): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  navigateTo(to);
}

/** A real link (focusable, opens in a new tab) that moves through the one navigation helper. */
export function AppLink({ to, className, label, children }: AppLinkProps) {
  return (
    <a href={`#${to}`} className={className} aria-label={label} onClick={(e) => follow(e, to)}>
      {children}
    </a>
  );
}

interface ListLinkProps {
  to: string;
  title: ReactNode;
  prefix?: ReactNode;
  extra?: ReactNode;
}

/**
 * A list row that is a link. antd-mobile's clickable List.Item renders an <a> without href (not a
 * link to assistive technology), so this keeps its look with a real anchor.
 */
export function ListLink({ to, title, prefix, extra }: ListLinkProps) {
  return (
    <List.Item
      className="list-link"
      prefix={prefix}
      extra={extra}
      arrowIcon={<RightOutline aria-hidden="true" />}
      arrow
    >
      <AppLink to={to} className="list-link-anchor">
        {title}
      </AppLink>
    </List.Item>
  );
}
