/** The demo accounts README.md lists. Seeded only by `npm start` with SEED_DEMO not false. */
export const DEMO_USER = { email: 'demo@tress.app', password: 'tress-demo', name: 'Dana Demo' };
export const DEMO_PRO = { email: 'pro@tress.app', password: 'tress-pro', name: 'Priya Patel', businessName: 'Copper & Comb Studio' };
