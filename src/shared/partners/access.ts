/** Spec §4: a subscription counts when its status (case-insensitive) is active or trialing. */
export const isSubscribed = (status: string | null | undefined) => ['active', 'trialing'].includes((status ?? '').toLowerCase());

/** Spec §4: partner access is true only with a complete profile and a counting subscription. */
export const isProfessional = (p: { subscriptionStatus?: string | null; profileComplete?: boolean | null } | null | undefined) =>
  !!p && p.profileComplete === true && isSubscribed(p.subscriptionStatus);
