import { useEffect, useRef, useState } from 'react';
import { Text, ThemeIcon } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { PROJECT_TEXTS } from '@common/api/projects';
import classes from './ProjectDropZone.module.css';

function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/**
 * Project and folder pages are drop zones (projects-side §2): dragging files over the page shows
 * 'Upload to project or folder'. Until the assets issue brings uploads, a drop only closes the
 * overlay; the browser must not open the file in the tab.
 */
export function ProjectDropZone({ enabled }: { enabled: boolean }) {
  const [over, setOver] = useState(false);
  // dragenter and dragleave fire for every element crossed; the count tells when the page is left.
  const depth = useRef(0);

  useEffect(() => {
    if (!enabled) return;
    function enter(event: DragEvent) {
      if (!carriesFiles(event)) return;
      depth.current += 1;
      setOver(true);
    }
    function leave(event: DragEvent) {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    }
    function overPage(event: DragEvent) {
      if (carriesFiles(event)) event.preventDefault();
    }
    function drop(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setOver(false);
      // The assets issue uploads event.dataTransfer.files into the current project and folder here.
    }
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', overPage);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', overPage);
      window.removeEventListener('drop', drop);
      depth.current = 0;
    };
  }, [enabled]);

  if (!over) return null;
  return (
    <div className={classes.overlay} data-testid="drop-overlay">
      <div className={classes.frame}>
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconCloudUpload size={34} />
        </ThemeIcon>
        <Text fw={650} size="xl">
          {PROJECT_TEXTS.dropOverlay}
        </Text>
      </div>
    </div>
  );
}
