/** What other features and the app shell may use of studio (decision 118); the rest is internal. */
export { useEngineStatus } from './hooks/use-engine-status';
