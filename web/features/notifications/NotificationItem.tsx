import { memo, type ReactNode } from 'react';
import {
  IconAt,
  IconChecklist,
  IconCircleCheck,
  IconFlag,
  IconMessageCircle,
  IconMessageReply,
  IconPencil,
  IconPin,
  IconPinFilled,
  IconUpload,
} from '@tabler/icons-react';
import { messageSegments, type Notification, type NotificationKind } from '@common/api/notifications';
import { GuestMark } from '@web/components/GuestMark/GuestMark';
import { guestNameIn } from '@web/components/GuestMark/guestName';
import { activityTime } from '@web/features/projects';
import { PANEL_TEXTS } from './notificationTexts';
import classes from './Notifications.module.css';

const KIND_ICONS: Record<NotificationKind, ReactNode> = {
  mentions: <IconAt size={22} />,
  comments: <IconMessageCircle size={22} />,
  markups: <IconPencil size={22} />,
  replies: <IconMessageReply size={22} />,
  uploaded_assets: <IconUpload size={22} />,
  tasks: <IconChecklist size={22} />,
  flagged: <IconFlag size={22} />,
  approved_assets: <IconCircleCheck size={22} />,
};

/**
 * The message with its `|highlighted|` segment set apart (§2); the whole clamped to two lines. A
 * review link's guest who acted (no member `actor`, the server's 'Ana (Guest)') shows as their
 * name with the 'Guest' mark.
 */
export function NotificationMessage({ message, byMember }: { message: string; byMember: boolean }) {
  return (
    <span className={classes.message} data-testid="notification-message">
      {messageSegments(message).map((segment, i) => {
        const guest = segment.highlighted && !byMember ? guestNameIn(segment.text) : null;
        return segment.highlighted ? (
          <strong key={i} className={classes.highlighted} data-testid="notification-highlight">
            {guest ?? segment.text}
            {guest !== null && (
              <>
                {' '}
                <GuestMark />
              </>
            )}
          </strong>
        ) : (
          <span key={i}>{segment.text}</span>
        );
      })}
    </span>
  );
}

/**
 * One notification (§2): the asset's picture (or the kind's icon), the title and how long ago, the
 * message and the quoted comment; a click opens what it is about, the pin keeps it on top.
 */
export const NotificationItem = memo(function NotificationItem({
  notification,
  onOpen,
  onPin,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
  onPin: (notification: Notification, pinned: boolean) => void;
}) {
  const unread = !notification.was_read;
  const pinned = notification.is_pinned;
  return (
    <div
      className={classes.item}
      data-unread={unread || undefined}
      data-testid="notification"
      data-notification-id={notification.id}
      data-pinned={pinned || undefined}
      role="listitem"
    >
      {unread && <span className={classes.unreadDot} aria-hidden />}
      <button type="button" className={classes.itemButton} onClick={() => onOpen(notification)}>
        {notification.image ? (
          <img className={classes.image} src={notification.image} alt="" decoding="async" draggable={false} />
        ) : (
          <span className={classes.kindIcon} aria-hidden>
            {KIND_ICONS[notification.kind]}
          </span>
        )}
        <span className={classes.itemText}>
          <span className={classes.itemTitleRow}>
            <span className={classes.itemTitle} data-testid="notification-title">
              {notification.title}
            </span>
            <time className={classes.itemTime} dateTime={notification.created_at}>
              {activityTime(notification.created_at)}
            </time>
          </span>
          <NotificationMessage message={notification.message} byMember={notification.actor !== null} />
          {notification.quoted_comment && (
            <span className={classes.quote} data-testid="notification-quote">
              {notification.quoted_comment}
            </span>
          )}
        </span>
      </button>
      {/* A plain button with a native tip: a list of thousands mounts rows as it scrolls. */}
      <button
        type="button"
        className={classes.pin}
        data-pinned={pinned || undefined}
        title={pinned ? PANEL_TEXTS.unpin : PANEL_TEXTS.pin}
        aria-label={PANEL_TEXTS.pin}
        aria-pressed={pinned}
        onClick={() => onPin(notification, !pinned)}
        data-testid="notification-pin"
      >
        {pinned ? <IconPinFilled size={16} /> : <IconPin size={16} />}
      </button>
    </div>
  );
});
