import { useEffect } from 'react';
import { useSignedInUser } from '@web/features/account';
import { useAppStatus } from '@web/api/status';
import { useMyWorkspaces } from '@web/features/workspaces';
import { intercomSettings, type IntercomSettings } from './intercomSettings';

declare global {
  interface Window {
    Intercom?: (command: string, settings?: object) => void;
    intercomSettings?: object;
  }
}

/** Loads the support chat widget once, and only when the server names a chat app id. */
export function SupportChat() {
  const appId = useAppStatus().data?.intercom_app_id ?? null;
  const user = useSignedInUser();
  const workspaces = useMyWorkspaces({ enabled: Boolean(appId && user) }).data;
  // A string, so the effect runs when what the chat is told changes, not on every render.
  const serialized = JSON.stringify(intercomSettings(appId, user, workspaces ?? []));

  useEffect(() => {
    const settings = JSON.parse(serialized) as IntercomSettings | null;
    if (!settings) return;
    window.intercomSettings = settings;
    if (window.Intercom) {
      window.Intercom('update', settings);
      return;
    }
    const script = document.createElement('script');
    script.async = true;
    script.src = `https://widget.intercom.io/widget/${encodeURIComponent(settings.app_id)}`;
    document.body.appendChild(script);
  }, [serialized]);

  return null;
}
