import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconFileExport, IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { commentExportUrl } from '@web/features/comments/api/commentCarryOver';

const LABEL = 'Export comments';

/**
 * 'Export comments' as a CSV spreadsheet or a PDF report with the markup drawn on the previews:
 * plain download links (the browser saves what the server sends). A quiet icon in the comments
 * panel; on the project page an icon beside the header's buttons, which leave the name room.
 */
export function CommentExportMenu({
  target,
  variant,
}: {
  target: { asset: number } | { project: number };
  variant: 'icon' | 'button';
}) {
  return (
    <Menu position="bottom-end" shadow="md" width={230} withinPortal>
      <Menu.Target>
        <Tooltip label={LABEL} withArrow>
          <ActionIcon
            variant={variant === 'icon' ? 'subtle' : 'default'}
            color={variant === 'icon' ? 'gray' : undefined}
            size={variant === 'icon' ? 'md' : 36}
            radius={variant === 'icon' ? undefined : 'md'}
            aria-label={LABEL}
            data-testid="export-comments"
          >
            <IconFileExport size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{LABEL}</Menu.Label>
        <Menu.Item
          component="a"
          href={commentExportUrl(target, 'csv')}
          download
          leftSection={<IconFileSpreadsheet size={16} />}
          data-testid="export-comments-csv"
        >
          CSV spreadsheet
        </Menu.Item>
        <Menu.Item
          component="a"
          href={commentExportUrl(target, 'pdf')}
          download
          leftSection={<IconFileTypePdf size={16} />}
          data-testid="export-comments-pdf"
        >
          PDF report with markup
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
