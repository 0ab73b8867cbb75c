/** What other features and the app shell may use of live (decision 118); the rest is internal. */
export { LiveModeButton } from './live-entry';
