import { useEffect, useRef, useState } from 'react';
import { Text, ThemeIcon } from '@mantine/core';
import { IconCloudUpload, IconStack2 } from '@tabler/icons-react';
import classes from './FileDropZone.module.css';

function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/** How many files are dragged: known while dragging (the files themselves only at the drop). */
function fileCount(event: DragEvent): number {
  const items = Array.from(event.dataTransfer?.items ?? []).filter((item) => item.kind === 'file');
  return items.length || (event.dataTransfer?.files.length ?? 0);
}

/** A part of the page that takes a drop of its own (a tile takes one file as its next round). */
export interface DropSpot {
  /** Drawn around while the files are over it. */
  element: Element;
  label: string;
  hint?: string;
  onFiles: (files: File[]) => void;
}

/** The spot under the pointer and where it is on screen. */
interface Over {
  spot: DropSpot;
  box: { top: number; left: number; width: number; height: number };
}

function overOf(spot: DropSpot | null): Over | null {
  if (!spot) return null;
  const { top, left, width, height } = spot.element.getBoundingClientRect();
  return { spot, box: { top, left, width, height } };
}

const sameOver = (a: Over | null, b: Over | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.spot.element === b.spot.element &&
    a.box.top === b.box.top &&
    a.box.left === b.box.left &&
    a.box.width === b.box.width &&
    a.box.height === b.box.height);

/** The drop's words under their icon; `compact` in a card (a tile, a page kept in view). */
function Message({
  icon: Icon,
  label,
  hint,
  compact = false,
}: {
  icon: typeof IconCloudUpload;
  label: string;
  hint?: string;
  compact?: boolean;
}) {
  return (
    <>
      <ThemeIcon size={compact ? 36 : 64} radius="xl" variant="light">
        <Icon size={compact ? 20 : 34} />
      </ThemeIcon>
      <div className={classes.words}>
        <Text fw={650} size={compact ? 'sm' : 'xl'}>
          {label}
        </Text>
        {hint && (
          <Text size={compact ? 'xs' : 'sm'} c="dimmed" truncate={compact} maw="100%" title={hint}>
            {hint}
          </Text>
        )}
      </div>
    </>
  );
}

/**
 * The whole page below the top bar takes dropped files (projects-side §2 "drop zones"): dragging
 * files over it shows the overlay with `label`; a drop hands the files over. `spotAt` names the
 * parts that take a drop of their own (`files` is how many are dragged): over one, it is drawn
 * around instead, and the page stays visible so the user can aim. The browser must never open a
 * dropped file in the tab instead.
 */
export function FileDropZone({
  enabled,
  label,
  hint,
  onFiles,
  spotAt,
}: {
  enabled: boolean;
  label: string;
  hint?: string;
  onFiles: (files: File[]) => void;
  spotAt?: (target: EventTarget | null, files: number) => DropSpot | null;
}) {
  const [dragged, setDragged] = useState(0);
  const [over, setOver] = useState<Over | null>(null);
  // dragenter and dragleave fire for every element crossed; the count tells when the page is left.
  const depth = useRef(0);
  const latest = useRef({ onFiles, spotAt });
  useEffect(() => {
    latest.current = { onFiles, spotAt };
  }, [onFiles, spotAt]);

  useEffect(() => {
    if (!enabled) return;
    const spotOf = (event: DragEvent) => latest.current.spotAt?.(event.target, fileCount(event)) ?? null;
    const aim = (event: DragEvent) => {
      const next = overOf(spotOf(event));
      setOver((current) => (sameOver(current, next) ? current : next));
    };
    function enter(event: DragEvent) {
      if (!carriesFiles(event)) return;
      depth.current += 1;
      setDragged(Math.max(1, fileCount(event)));
      aim(event);
    }
    function leave(event: DragEvent) {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current > 0) return;
      setDragged(0);
      setOver(null);
    }
    function overPage(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      aim(event);
    }
    function drop(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setDragged(0);
      setOver(null);
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (files.length === 0) return;
      const spot = spotOf(event);
      if (spot) spot.onFiles(files);
      else latest.current.onFiles(files);
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
      setDragged(0);
      setOver(null);
    };
  }, [enabled]);

  if (dragged === 0) return null;
  if (over)
    return (
      <div className={classes.spot} style={over.box} data-testid="drop-spot">
        <div className={classes.spotMessage}>
          <Message icon={IconStack2} label={over.spot.label} hint={over.spot.hint} compact />
        </div>
      </div>
    );
  // With one file and spots to aim at, the page stays in view under a lighter overlay.
  const aiming = spotAt !== undefined && dragged === 1;
  return (
    <div className={classes.overlay} data-testid="drop-overlay" data-aiming={aiming || undefined}>
      <div className={classes.frame}>
        <div className={classes.message}>
          <Message icon={IconCloudUpload} label={label} hint={hint} compact={aiming} />
        </div>
      </div>
    </div>
  );
}
