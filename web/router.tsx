import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RedirectIfAuthed } from './auth/RedirectIfAuthed';
import { RequireAuth } from './auth/RequireAuth';
import { CrashScreen } from './components/screens/CrashScreen';
import { SplashScreen } from './components/screens/SplashScreen';
import { AppRoot } from './shell/AppRoot';
import type { RouteHandle } from './shell/routeHandle';

const responsive: RouteHandle = { responsive: true };

/**
 * Every screen and layout is its own chunk, loaded when a route first needs it (React Router's
 * `lazy`, all the matched routes' chunks at once), so /login downloads the shell and the login
 * form but no project list, settings or billing code. The first load shows the splash screen
 * (HydrateFallback); later navigations keep the current screen until the next one has arrived.
 */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <CrashScreen />,
    HydrateFallback: SplashScreen,
    children: [
      { index: true, element: <Navigate to="/projects" replace /> },
      {
        lazy: async () => ({ Component: (await import('./components/layout/AuthLayout')).AuthLayout }),
        handle: responsive,
        children: [
          {
            element: <RedirectIfAuthed />,
            children: [
              {
                path: 'login',
                lazy: async () => ({ Component: (await import('./routes/login/LoginPage')).LoginPage }),
              },
              {
                path: 'signup',
                lazy: async () => ({ Component: (await import('./routes/signup/SignupPage')).SignupPage }),
              },
              {
                path: 'forgot',
                lazy: async () => ({ Component: (await import('./routes/forgot/ForgotPage')).ForgotPage }),
              },
              {
                path: 'reset-password',
                lazy: async () => ({
                  Component: (await import('./routes/reset-password/ResetPasswordPage')).ResetPasswordPage,
                }),
              },
            ],
          },
          {
            path: 'workspaces/invitations/:invitationHash',
            lazy: async () => {
              const { InvitationPage } = await import('./routes/invitations/InvitationPage');
              return { element: <InvitationPage kind="workspace" /> };
            },
          },
          {
            path: 'projects/invitations/:invitationHash',
            lazy: async () => {
              const { InvitationPage } = await import('./routes/invitations/InvitationPage');
              return { element: <InvitationPage kind="project" /> };
            },
          },
        ],
      },
      {
        path: 'projects/shared_view/:shareHash',
        lazy: async () => ({ Component: (await import('./routes/shared-view/SharedLayout')).SharedLayout }),
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('./routes/shared-view/SharedViewPage')).SharedViewPage,
            }),
          },
          {
            path: 'folders/:folderID',
            lazy: async () => ({
              Component: (await import('./routes/shared-view/SharedFolderPage')).SharedFolderPage,
            }),
          },
          {
            path: 'assets/:assetID',
            lazy: async () => ({
              Component: (await import('./routes/shared-view/SharedAssetPage')).SharedAssetPage,
            }),
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          // The printable invoice stands alone: no top bar on paper.
          {
            path: 'invoices/:invoiceId',
            lazy: async () => ({ Component: (await import('./routes/invoices/InvoicePage')).InvoicePage }),
          },
          {
            lazy: async () => ({ Component: (await import('./shell/AppLayout')).AppLayout }),
            children: [
              {
                path: 'projects',
                lazy: async () => ({
                  Component: (await import('./routes/projects/ProjectsPage')).ProjectsPage,
                }),
              },
              {
                path: 'projects/:projectID',
                lazy: async () => ({ Component: (await import('./routes/project/ProjectPage')).ProjectPage }),
              },
              {
                path: 'projects/:projectID/folders/:folderID',
                lazy: async () => ({ Component: (await import('./routes/project/ProjectPage')).ProjectPage }),
              },
              {
                path: 'projects/:projectID/assets/:assetID',
                lazy: async () => ({ Component: (await import('./routes/asset/AssetPage')).AssetPage }),
              },
              {
                path: 'user',
                lazy: async () => ({
                  Component: (await import('./routes/settings/SettingsLayout')).SettingsLayout,
                }),
                children: [
                  { index: true, element: <Navigate to="/user/profile" replace /> },
                  {
                    path: 'profile/:section?',
                    lazy: async () => ({
                      Component: (await import('./routes/settings/ProfilePanel')).ProfilePanel,
                    }),
                  },
                  {
                    path: 'workspaces/new',
                    lazy: async () => ({
                      Component: (await import('./routes/workspaces/CreateWorkspacePage'))
                        .CreateWorkspacePage,
                    }),
                  },
                  {
                    path: 'workspaces/:workspaceID/:section?',
                    lazy: async () => ({
                      Component: (await import('./routes/workspaces/WorkspaceSettingsPage'))
                        .WorkspaceSettingsPage,
                    }),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: 'dev/outbox',
        lazy: async () => ({ Component: (await import('./routes/dev-outbox/OutboxPage')).OutboxPage }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found/NotFoundPage')).NotFoundPage }),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
