import type { FocusEvent, ReactNode } from 'react';
import { Badge, Button, Popover, Stack, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';

/** A group's heading inside the filters popover. */
export function FilterHeading({ children }: { children: string }) {
  return (
    <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.4}>
      {children}
    </Text>
  );
}

/**
 * Mantine's focus trap moves the focus to the dropdown's first control a tick after it opens, even
 * when the user has already clicked into another: the label picker opened, then shut as the focus
 * left it. The control that takes the focus is marked as the trap's choice, so that move keeps it.
 */
function markFocusedForTrap(event: FocusEvent<HTMLDivElement>) {
  const focused = event.target as HTMLElement;
  if (focused.hasAttribute('data-autofocus')) return;
  event.currentTarget.querySelector('[data-autofocus]')?.removeAttribute('data-autofocus');
  focused.setAttribute('data-autofocus', '');
}

/**
 * The Filters button of a list's toolbar, with how many filters are on, and the popover it opens:
 * the list's own filter controls, then 'Clear filters' once any is on.
 */
export function FiltersButtonPopover({
  count,
  width,
  buttonTestId,
  dropdownTestId,
  onClear,
  children,
}: {
  /** How many filters are on. */
  count: number;
  width: number;
  buttonTestId: string;
  dropdownTestId: string;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <Popover position="bottom-end" shadow="md" width={width} withinPortal trapFocus>
      <Popover.Target>
        <Button
          variant={count > 0 ? 'light' : 'default'}
          leftSection={<IconFilter size={16} />}
          rightSection={
            count > 0 ? (
              <Badge size="xs" circle variant="filled">
                {count}
              </Badge>
            ) : undefined
          }
          data-testid={buttonTestId}
        >
          Filters
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="md" data-testid={dropdownTestId} onFocus={markFocusedForTrap}>
        <Stack gap="sm">
          {children}
          {count > 0 && (
            <Button variant="subtle" size="xs" onClick={onClear} ml="auto">
              Clear filters
            </Button>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
