import { useEffect, useRef } from 'react';
import { Skeleton, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Notification } from '@common/api/notifications';
import classes from './Notifications.module.css';

/** An item's height before it is measured: one line of message, no quote. */
const ESTIMATED_ITEM_PX = 92;
/** Items drawn beyond the view, each way; the next page is asked for once the end is among them. */
const OVERSCAN = 4;

function LoadingRow() {
  return (
    <div className={classes.loadingRow} aria-hidden>
      <Skeleton width={48} height={48} radius="md" />
      <div style={{ flex: 1 }}>
        <Skeleton height={12} width="55%" mb={10} radius="xl" />
        <Skeleton height={10} mb={6} radius="xl" />
        <Skeleton height={10} width="75%" radius="xl" />
      </div>
    </div>
  );
}

export function ListSkeleton() {
  return (
    <div data-testid="notifications-loading" aria-busy aria-label="Loading notifications">
      {[0, 1, 2, 3, 4].map((n) => (
        <LoadingRow key={n} />
      ))}
    </div>
  );
}

export function EmptyList({ text }: { text: string }) {
  return (
    <div className={classes.empty} data-testid="notifications-empty">
      <span className={classes.emptyIcon} aria-hidden>
        <IconBell size={24} />
      </span>
      <Text size="sm" c="gray.7" maw={300}>
        {text}
      </Text>
    </div>
  );
}

/**
 * The items of one project, drawn as they scroll into view (a project may hold thousands), and the
 * next page asked for as the end comes near (infinite scroll, §2).
 */
export function NotificationList({
  items,
  hasMore,
  loadingMore,
  loadMore,
  renderItem,
  label,
}: {
  items: Notification[];
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  renderItem: (notification: Notification) => React.ReactNode;
  label: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const count = items.length + (hasMore ? 1 : 0);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's functions are read in render on purpose
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ITEM_PX,
    overscan: OVERSCAN,
    // Scrolling renders when React next can, not synchronously inside each scroll event.
    useFlushSync: false,
    getItemKey: (index) => items[index]?.id ?? 'more',
  });
  const rows = virtualizer.getVirtualItems();
  const lastShown = rows[rows.length - 1]?.index ?? -1;

  useEffect(() => {
    // The row after the last item (the loading row) is drawn: the end is within OVERSCAN items.
    if (hasMore && !loadingMore && lastShown >= items.length) loadMore();
  }, [hasMore, loadingMore, lastShown, items.length, loadMore]);

  return (
    <div ref={scroller} className={classes.scroll} data-testid="notifications-scroll">
      <div
        role="list"
        aria-label={label}
        aria-busy={loadingMore || undefined}
        data-testid="notification-list"
        data-loaded={items.length}
        data-complete={!hasMore || undefined}
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {rows.map((row) => {
          const notification = items[row.index];
          return (
            <div
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${row.start}px)`,
              }}
            >
              {notification ? renderItem(notification) : <LoadingRow />}
            </div>
          );
        })}
      </div>
    </div>
  );
}
