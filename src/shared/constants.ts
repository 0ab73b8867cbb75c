/** Business constants and limits of docs/product.md §9. */
export const WELCOME_CREDITS = 1;
export const GENERATION_COST = 1;
export const LIMITS = {
  partnerImageBytes: 2 * 1024 * 1024,
  portfolioImages: 6,
  bioChars: 500,
  reviewMin: 2,
  reviewMax: 600,
  passwordMin: 6,
  slugChars: 60,
  studioImageBytes: 10 * 1024 * 1024,
  studioMegapixels: 25,
} as const;
export const DISPLAY = {
  billingHistory: 8,
  recentCreations: 6,
  creationsPage: 96,
  productsPerColour: 2,
  cardColourTags: 3,
  cardServiceTags: 3,
  sampleGallery: 8,
} as const;
export const TIMINGS = {
  gallerySkeletonMs: 500,
  copyConfirmMs: 1500,
  shareConfirmMs: 1800,
  billingToastMs: 5000,
  partnerRedirectMs: 2000,
  callableTimeoutMs: 70_000,
  generationDeadlineMs: 60_000,
} as const;
