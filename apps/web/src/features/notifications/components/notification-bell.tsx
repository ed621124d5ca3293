import { ActionIcon, Loader, Popover } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useNotifications } from '../api/get-notifications';
import classes from './notifications.module.css';

const MESSAGES = {
  label: /*i18n*/ { id: 'notifications.bell.label', message: 'Notifications' },
  labelUnread: /*i18n*/ {
    id: 'notifications.bell.labelUnread',
    message: 'Notifications, {count, plural, one {# unread} other {# unread}}',
  },
  loading: /*i18n*/ { id: 'notifications.bell.loading', message: 'Loading notifications' },
};

const loadList = () => import('./notification-list');
// The list and its formatting arrive when the bell is first approached or opened, not with the header.
const NotificationList = lazy(() => loadList().then((m) => ({ default: m.NotificationList })));

/** The header's bell: the unread count on it, the latest notifications under it. Members only. */
export function NotificationBell({ uid }: { uid: string }) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  const notifications = useNotifications(uid);
  const unread = notifications.data?.unread_count ?? 0;

  const toggle = () => {
    if (!opened) void notifications.refetch();
    setOpened(!opened);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={360}
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
      // The header is sticky, so the bell never scrolls away; the check only misfires (e.g. in jsdom).
      hideDetached={false}
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          radius="xl"
          aria-label={unread > 0 ? t(MESSAGES.labelUnread, { count: unread }) : t(MESSAGES.label)}
          className={classes.bell}
          onClick={toggle}
          onPointerEnter={() => void loadList()}
          onFocus={() => void loadList()}
        >
          <IconBell size={22} aria-hidden />
          {unread > 0 && (
            <span className={classes.badge} aria-hidden>
              {unread > 9 ? '9+' : unread}
            </span>
          )}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0} className={classes.dropdown}>
        <Suspense fallback={<Loader size="sm" m="md" aria-label={t(MESSAGES.loading)} />}>
          <NotificationList uid={uid} onNavigate={() => setOpened(false)} />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}
