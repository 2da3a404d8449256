import { useEffect } from 'react';
import { UPLOAD_BOX_TEXTS } from '@common/uploads/uploadTexts';

/**
 * §5 "Closing the page during uploads": the browser asks before the tab closes or reloads while
 * uploads are under way. Browsers show their own wording; the spec's text is given where one is read.
 */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    function warn(event: BeforeUnloadEvent) {
      event.preventDefault();
      // Older browsers show returnValue; current ones need it set to ask at all.
      event.returnValue = UPLOAD_BOX_TEXTS.leaveWarning;
      return UPLOAD_BOX_TEXTS.leaveWarning;
    }
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
