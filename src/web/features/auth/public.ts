/** What other features and the app shell may use of auth (decision 118); the rest is internal. */
export { authSchemas } from './auth-schemas';
export { RequireAuth, RequireProfessional } from './components/guards';
export { ME_KEY, isReturningVisitor, useLiveMe, useMe } from './hooks/use-me';
export { leaveSignedOut, signOutEverywhere, useSignOut } from './hooks/use-sign-out';
