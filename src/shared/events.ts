import { z } from 'zod';

/** Events pushed to browsers over GET /api/events (SSE). One bus for every domain. */
export const LiveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('credits'), credits: z.number().int() }),
  z.object({ type: z.literal('professional'), active: z.boolean(), subscribed: z.boolean(), slug: z.string().nullable() }),
  z.object({ type: z.literal('reviews'), partnerId: z.string() }),
  /** A partner's public listing changed (profile saved, images, Verified badge): profile pages refetch it. */
  z.object({ type: z.literal('listing'), partnerId: z.string() }),
  z.object({ type: z.literal('creations') }),
]);
export type LiveEvent = z.infer<typeof LiveEventSchema>;
