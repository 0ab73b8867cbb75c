/** What other features and the app shell may use of partners (decision 118); the rest is internal. */
export { partnersApi } from './api/partners-api';
