import { call } from '@web/lib/api';

export const fetchLiveConfig = () => call('GET /api/live/config');
