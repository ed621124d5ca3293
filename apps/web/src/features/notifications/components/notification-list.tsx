import {
  Button,
  Group,
  Loader,
  ScrollArea,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { Notification } from '@releasebell/contract';
import { itemPath, posterUrl } from '@releasebell/contract/constants';
import { useId } from 'react';
import { Link } from 'react-router';
import { useLanguage, useT } from '../../../lib/i18n';
import { useNotifications } from '../api/get-notifications';
import { useMarkRead } from '../api/mark-read';
import { describeNotification, timeAgo } from '../notification-text';
import classes from './notifications.module.css';

const MESSAGES = {
  title: /*i18n*/ { id: 'notifications.list.title', message: 'Notifications' },
  markAll: /*i18n*/ { id: 'notifications.list.markAll', message: 'Mark all as read' },
  loadFailed: /*i18n*/ {
    id: 'notifications.list.loadFailed',
    message: 'Notifications could not be loaded right now.',
  },
  loading: /*i18n*/ { id: 'notifications.list.loading', message: 'Loading notifications' },
  empty: /*i18n*/ {
    id: 'notifications.list.empty',
    message: "No notifications yet. Track titles and we'll tell you when they're out.",
  },
  unread: /*i18n*/ { id: 'notifications.list.unread', message: 'Unread:' },
};

export interface NotificationListProps {
  uid: string;
  /** A notification was followed: close the popover. */
  onNavigate: () => void;
}

/** The bell's popover: the latest notifications, each a link to its title, and "Mark all as read". */
export function NotificationList({ uid, onNavigate }: NotificationListProps) {
  const t = useT();
  const { language } = useLanguage();
  const headingId = useId();
  const notifications = useNotifications(uid);
  const markRead = useMarkRead(uid);
  const data = notifications.data;
  const now = new Date();

  const open = (n: Notification) => {
    if (!n.read) markRead.mutate({ ids: [n.id] });
    onNavigate();
  };

  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" className={classes.head} wrap="nowrap">
        <Title order={2} size="h5" id={headingId}>
          {t(MESSAGES.title)}
        </Title>
        <Button
          size="compact-sm"
          variant="subtle"
          disabled={!data || data.unread_count === 0}
          onClick={() => markRead.mutate({ all: true })}
        >
          {t(MESSAGES.markAll)}
        </Button>
      </Group>
      {!data ? (
        notifications.isError ? (
          <Text size="sm" c="dimmed" p="md">
            {t(MESSAGES.loadFailed)}
          </Text>
        ) : (
          <Loader size="sm" m="md" aria-label={t(MESSAGES.loading)} />
        )
      ) : data.notifications.length === 0 ? (
        <Text size="sm" c="dimmed" p="md">
          {t(MESSAGES.empty)}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={420} type="auto">
          <ul className={classes.list}>
            {data.notifications.map((n) => (
              <li key={n.id}>
                <UnstyledButton
                  component={Link}
                  to={itemPath(n.item)}
                  onClick={() => open(n)}
                  className={classes.entry}
                  data-unread={!n.read || undefined}
                >
                  {n.item.image ? (
                    <img
                      src={posterUrl(n.item.image, 'card')}
                      alt=""
                      width={32}
                      height={48}
                      loading="lazy"
                      className={classes.thumb}
                    />
                  ) : null}
                  <span className={classes.text}>
                    <Text component="span" size="sm" fw={n.read ? 500 : 700} lineClamp={2}>
                      {!n.read && <VisuallyHidden component="span">{t(MESSAGES.unread)} </VisuallyHidden>}
                      {n.item.title}
                    </Text>
                    <Text component="span" size="xs" display="block">
                      {describeNotification(n, t, language)}
                    </Text>
                    <Text
                      component="time"
                      size="xs"
                      className={classes.time}
                      display="block"
                      dateTime={n.created_at}
                    >
                      {timeAgo(n.created_at, now, language, t)}
                    </Text>
                  </span>
                  {!n.read && <span className={classes.dot} aria-hidden />}
                </UnstyledButton>
              </li>
            ))}
          </ul>
        </ScrollArea.Autosize>
      )}
    </section>
  );
}
