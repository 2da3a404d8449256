import { useState } from 'react';
import { ActionIcon, Popover, TextInput } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { DUE_DATE_MAX, formatDayMonthYear, parseDueDate } from '@common/taskDates';
import { MonthCalendar } from './MonthCalendar';

/**
 * A due date typed as DD/MM/YYYY or picked from a month; the picker offers no day before
 * `today` ('YYYY-MM-DD').
 */
export function DueDateInput({
  value,
  onChange,
  error,
  today,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  today: string;
}) {
  const [picking, setPicking] = useState(false);
  const picker = (
    <Popover opened={picking} onChange={setPicking} position="bottom-end" shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Pick the due date from a calendar"
          onClick={() => setPicking((open) => !open)}
        >
          <IconCalendar size={16} />
        </ActionIcon>
      </Popover.Target>
      {/* Escape closes the calendar; the form around it must not hear it as "cancel". */}
      <Popover.Dropdown onKeyDown={(event) => event.key === 'Escape' && event.stopPropagation()}>
        <MonthCalendar
          value={parseDueDate(value)}
          minDay={today}
          today={today}
          onPick={(picked) => {
            onChange(formatDayMonthYear(picked));
            setPicking(false);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
  return (
    <TextInput
      label="Due date"
      w={168}
      placeholder="DD/MM/YYYY"
      inputMode="numeric"
      autoComplete="off"
      maxLength={DUE_DATE_MAX}
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
      data-testid="task-due-date"
      data-mantine-stop-propagation
      rightSection={picker}
    />
  );
}
