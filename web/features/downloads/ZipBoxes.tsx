import { CloseButton, Group, Loader, Paper, Portal, Stack, Text } from '@mantine/core';
import { DOWNLOAD_TEXTS, zipBoxBottom } from '@common/api/downloads';
import { useZipBoxes, zipBoxes } from './zipBoxes';
import classes from './ZipBoxes.module.css';

/** Each zip under way as a small box at the bottom right, stacked 64 px apart from 20 px up. */
export function ZipBoxes() {
  const boxes = useZipBoxes();
  if (boxes.length === 0) return null;
  return (
    <Portal>
      {boxes.map((box, index) => (
        <Paper
          key={box.id}
          className={classes.box}
          style={{ bottom: zipBoxBottom(index) }}
          shadow="md"
          radius="md"
          withBorder
          role="status"
          data-testid="zip-box"
        >
          <Group gap="sm" wrap="nowrap" h="100%">
            <Loader size={18} type="oval" aria-hidden />
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {DOWNLOAD_TEXTS.zipping}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {box.detail}
              </Text>
            </Stack>
            <CloseButton size="sm" aria-label="Hide" onClick={() => zipBoxes.remove(box.id)} />
          </Group>
        </Paper>
      ))}
    </Portal>
  );
}
