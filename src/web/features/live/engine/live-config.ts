import { LiveConfigSchema, type LiveConfig } from '@shared/live/live-config';
import { api } from '@web/lib/api';

export async function fetchLiveConfig(): Promise<LiveConfig> {
  return LiveConfigSchema.parse(await api.get('/api/live/config'));
}
