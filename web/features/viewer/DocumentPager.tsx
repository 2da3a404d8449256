import { ActionIcon, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import classes from './DocumentPager.module.css';

export const PAGER_TEXTS = {
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  previous: 'Previous page',
  next: 'Next page',
} as const;

/** 'Page N of M' between the previous and next page buttons: on the viewer's dock, in compare, on a link's document. */
export function DocumentPager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav className={classes.pager} aria-label="Pages" data-testid="document-pager">
      <Tooltip label={`${PAGER_TEXTS.previous} (Page Up)`} openDelay={400}>
        <ActionIcon
          variant="subtle"
          color="gray.0"
          aria-label={PAGER_TEXTS.previous}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
      </Tooltip>
      <Text size="sm" fw={500} className={classes.pageLabel} aria-live="polite" data-testid="page-label">
        {PAGER_TEXTS.page(page, pages)}
      </Text>
      <Tooltip label={`${PAGER_TEXTS.next} (Page Down)`} openDelay={400}>
        <ActionIcon
          variant="subtle"
          color="gray.0"
          aria-label={PAGER_TEXTS.next}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      </Tooltip>
    </nav>
  );
}
