import type { ReactNode } from 'react';
import { Center, SegmentedControl, VisuallyHidden } from '@mantine/core';
import { IconLayoutGrid, IconList } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { viewModeFrom, type ViewMode } from './viewMode';

function ViewLabel({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Center>
      {icon}
      <VisuallyHidden>{text}</VisuallyHidden>
    </Center>
  );
}

/** The page's view from ?mode, and the setter that keeps it in the URL (projects-side §2). */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [params, setParams] = useSearchParams();
  const mode = viewModeFrom(params.get('mode'));
  function setMode(next: ViewMode) {
    const updated = new URLSearchParams(params);
    if (next === 'list') updated.set('mode', 'list');
    else updated.delete('mode');
    setParams(updated, { replace: true });
  }
  return [mode, setMode];
}

/** Grid or list. */
export function ViewToggle({ mode, onChange }: { mode: ViewMode; onChange: (mode: ViewMode) => void }) {
  return (
    <SegmentedControl
      aria-label="View"
      value={mode}
      onChange={(next) => onChange(viewModeFrom(next))}
      data={[
        { value: 'grid', label: <ViewLabel icon={<IconLayoutGrid size={16} />} text="Grid view" /> },
        { value: 'list', label: <ViewLabel icon={<IconList size={16} />} text="List view" /> },
      ]}
    />
  );
}
