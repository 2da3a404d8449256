import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { addDays, longDay, monthLabel, monthOf, monthSheet, shiftMonth } from './calendarDays';
import classes from './Tasks.module.css';

const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * A month to pick a due day from: days before `minDay` cannot be picked. The arrow keys move
 * between days (and months), Enter or Space picks; one day of the sheet is in the tab order.
 */
export function MonthCalendar({
  value,
  minDay,
  today,
  onPick,
}: {
  /** 'YYYY-MM-DD' or null. */
  value: string | null;
  minDay: string;
  today: string;
  onPick: (day: string) => void;
}) {
  const start = value && value >= minDay ? value : minDay;
  const [focused, setFocused] = useState(start);
  const [month, setMonth] = useState(() => monthOf(start));
  const sheetRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    sheetRef.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused, month]);

  const minMonth = monthOf(minDay);
  const atMinMonth = month.year === minMonth.year && month.monthIndex === minMonth.monthIndex;
  const sheet = monthSheet(month);

  function onKeyDown(event: KeyboardEvent) {
    const step = KEY_STEPS[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = addDays(focused, step);
    if (next < minDay) return;
    moved.current = true;
    setFocused(next);
    setMonth(monthOf(next));
  }

  function turn(n: number) {
    const next = shiftMonth(month, n);
    setMonth(next);
    const first = `${next.year}-${String(next.monthIndex + 1).padStart(2, '0')}-01`;
    setFocused(first < minDay ? minDay : first);
  }

  return (
    <div data-testid="due-date-calendar">
      <Group justify="space-between" mb={6}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Previous month"
          data-mantine-stop-propagation
          disabled={atMinMonth}
          onClick={() => turn(-1)}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
        <Text size="sm" fw={600} aria-live="polite">
          {monthLabel(month)}
        </Text>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Next month"
          data-mantine-stop-propagation
          onClick={() => turn(1)}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>
      <div className={classes.weekdays} aria-hidden>
        {WEEKDAYS.map((d) => (
          <span key={d} className={classes.weekday}>
            {d}
          </span>
        ))}
      </div>
      <div
        className={classes.sheet}
        ref={sheetRef}
        role="group"
        aria-label={monthLabel(month)}
        onKeyDown={onKeyDown}
      >
        {sheet.map((day) => {
          const outside = monthOf(day).monthIndex !== month.monthIndex;
          return (
            <button
              key={day}
              type="button"
              className={classes.day}
              data-day={day}
              // Escape here closes the calendar (its popover), not the panel around it.
              data-mantine-stop-propagation
              data-outside={outside || undefined}
              data-today={day === today || undefined}
              data-selected={(day === value && day >= minDay) || undefined}
              aria-label={longDay(day)}
              aria-pressed={day === value && day >= minDay}
              aria-current={day === today ? 'date' : undefined}
              disabled={day < minDay}
              tabIndex={day === focused ? 0 : -1}
              // The popover's focus trap puts the focus here on opening (today or the day chosen).
              data-autofocus={day === focused || undefined}
              onClick={() => onPick(day)}
            >
              {Number(day.slice(8))}
            </button>
          );
        })}
      </div>
    </div>
  );
}
