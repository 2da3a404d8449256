import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RedirectIfAuthed } from './auth/RedirectIfAuthed';
import { RequireAuth } from './auth/RequireAuth';
import { AppLayout } from './components/layout/AppLayout';
import { AuthLayout } from './components/layout/AuthLayout';
import { CrashScreen } from './components/screens/CrashScreen';
import { AssetPage } from './routes/asset/AssetPage';
import { OutboxPage } from './routes/dev-outbox/OutboxPage';
import { ForgotPage } from './routes/forgot/ForgotPage';
import { InvitationPage } from './routes/invitations/InvitationPage';
import { InvoicePage } from './routes/invoices/InvoicePage';
import { LoginPage } from './routes/login/LoginPage';
import { NotFoundPage } from './routes/not-found/NotFoundPage';
import { ProjectPage } from './routes/project/ProjectPage';
import { ProjectsPage } from './routes/projects/ProjectsPage';
import { ResetPasswordPage } from './routes/reset-password/ResetPasswordPage';
import { ProfilePanel } from './routes/settings/ProfilePanel';
import { SettingsLayout } from './routes/settings/SettingsLayout';
import { SharedAssetPage } from './routes/shared-view/SharedAssetPage';
import { SharedFolderPage } from './routes/shared-view/SharedFolderPage';
import { SharedLayout } from './routes/shared-view/SharedLayout';
import { SharedViewPage } from './routes/shared-view/SharedViewPage';
import { SignupPage } from './routes/signup/SignupPage';
import { CreateWorkspacePage } from './routes/workspaces/CreateWorkspacePage';
import { WorkspaceSettingsPage } from './routes/workspaces/WorkspaceSettingsPage';
import { AppRoot } from './shell/AppRoot';
import type { RouteHandle } from './shell/routeHandle';

const responsive: RouteHandle = { responsive: true };

/** The route table of both specs' §2. */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <CrashScreen />,
    children: [
      { index: true, element: <Navigate to="/projects" replace /> },
      {
        element: <AuthLayout />,
        handle: responsive,
        children: [
          {
            element: <RedirectIfAuthed />,
            children: [
              { path: 'login', element: <LoginPage /> },
              { path: 'signup', element: <SignupPage /> },
              { path: 'forgot', element: <ForgotPage /> },
              { path: 'reset-password', element: <ResetPasswordPage /> },
            ],
          },
          { path: 'workspaces/invitations/:invitationHash', element: <InvitationPage kind="workspace" /> },
          { path: 'projects/invitations/:invitationHash', element: <InvitationPage kind="project" /> },
        ],
      },
      {
        path: 'projects/shared_view/:shareHash',
        element: <SharedLayout />,
        children: [
          { index: true, element: <SharedViewPage /> },
          { path: 'folders/:folderID', element: <SharedFolderPage /> },
          { path: 'assets/:assetID', element: <SharedAssetPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          // The printable invoice stands alone: no top bar on paper.
          { path: 'invoices/:invoiceId', element: <InvoicePage /> },
          {
            element: <AppLayout />,
            children: [
              { path: 'projects', element: <ProjectsPage /> },
              { path: 'projects/:projectID', element: <ProjectPage /> },
              { path: 'projects/:projectID/folders/:folderID', element: <ProjectPage /> },
              { path: 'projects/:projectID/assets/:assetID', element: <AssetPage /> },
              {
                path: 'user',
                element: <SettingsLayout />,
                children: [
                  { index: true, element: <Navigate to="/user/profile" replace /> },
                  { path: 'profile/:section?', element: <ProfilePanel /> },
                  { path: 'workspaces/new', element: <CreateWorkspacePage /> },
                  { path: 'workspaces/:workspaceID/:section?', element: <WorkspaceSettingsPage /> },
                ],
              },
            ],
          },
        ],
      },
      { path: 'dev/outbox', element: <OutboxPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
