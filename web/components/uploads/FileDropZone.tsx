import { useEffect, useRef, useState } from 'react';
import { Text, ThemeIcon } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import classes from './FileDropZone.module.css';

function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/**
 * The whole page below the top bar takes dropped files (projects-side §2 "drop zones"): dragging
 * files over it shows the overlay with `label`; a drop hands the files over. The browser must
 * never open a dropped file in the tab instead.
 */
export function FileDropZone({
  enabled,
  label,
  hint,
  onFiles,
}: {
  enabled: boolean;
  label: string;
  hint?: string;
  onFiles: (files: File[]) => void;
}) {
  const [over, setOver] = useState(false);
  // dragenter and dragleave fire for every element crossed; the count tells when the page is left.
  const depth = useRef(0);
  const latest = useRef(onFiles);
  useEffect(() => {
    latest.current = onFiles;
  }, [onFiles]);

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
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (files.length > 0) latest.current(files);
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
      setOver(false);
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
          {label}
        </Text>
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
      </div>
    </div>
  );
}
