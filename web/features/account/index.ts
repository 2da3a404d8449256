/**
 * The account feature's public face (the signed-in user: session, profile and preferences, and the
 * sections of 'My account': profile, security, notifications). Screens and other features import
 * from here only (eslint.config.js keeps the wall); the files behind it are the feature's own.
 */
export {
  fetchMe,
  useForgotPassword,
  useMe,
  useResendAccessCode,
  useResetPassword,
  useSignedInUser,
  useSignIn,
  useSignOut,
  useSignUp,
} from './api/session';
export { NotificationsSection } from './notifications/NotificationsSection';
export { ProfileSection } from './profile/ProfileSection';
export { SecuritySection } from './security/SecuritySection';
export { TimeZoneReporter } from './timeZone/TimeZoneReporter';
