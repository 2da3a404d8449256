/**
 * The workspace checks moved to server/policies/workspaces.ts (pure functions with their unit
 * tests); this module keeps their old import path for the services that still use it.
 */
export {
  requireActive,
  requireOwner,
  requireRoomForProject,
  requireSeat,
  requireStorage,
} from '../policies/workspaces';
