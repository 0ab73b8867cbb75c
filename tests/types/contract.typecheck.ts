/**
 * Drift between the server and the web app is a compile error (decision 112). Never run: `npm run typecheck`
 * checks it, and every `@ts-expect-error` below fails the typecheck if its line ever compiles, i.e. if the
 * contract stops catching that drift.
 */
import { authEndpoints } from '@shared/auth-endpoints';
import { route } from '../../src/server/http/route';
import { call } from '../../src/web/lib/api';

export async function webReadsOnlyWhatResponsesHave() {
  const me = await call('GET /api/me');
  me.credits satisfies number;
  // @ts-expect-error -- MeSchema has no `balance`: a renamed field breaks the build, not the page
  void me.balance;
  // @ts-expect-error -- `professional.active` is a boolean, not text
  me.professional.active satisfies string;
  // @ts-expect-error -- no such route
  await call('GET /api/mee');
  // @ts-expect-error -- sign-in needs its body
  await call('POST /api/auth/sign-in/email');

  const stats = await call('GET /api/stats');
  // @ts-expect-error -- the landing's figures have no `users` count
  void stats.users;

  const status = await call('GET /api/billing/checkouts/:id', { params: { id: 'cs_1' } });
  // @ts-expect-error -- a checkout is open, completed or expired: 'paid' is not one of them
  if (status.status === 'paid') return;
  // @ts-expect-error -- the checkout's id is a path parameter, which must be given
  await call('GET /api/billing/checkouts/:id');
  const checkout = await call('POST /api/fn/createCheckoutSession', { body: { priceId: 'price_1' } });
  checkout.url satisfies string;
  // @ts-expect-error -- a callable answers its result, not the `{result}` envelope
  void checkout.result;
  // @ts-expect-error -- the callable's data needs a price id
  await call('POST /api/fn/createCheckoutSession', { body: { flow: 'pack' } });

  const profile = await call('GET /api/partners/:idOrSlug', { params: { idOrSlug: 'jo' } });
  profile.portfolio[0].tags satisfies string[];
  // @ts-expect-error -- a public profile never carries the partner's email (only their own profile does)
  void profile.email;
  // @ts-expect-error -- a review's rating is a number
  await call('PUT /api/partners/:id/review', { params: { id: 'p' }, body: { rating: '5', comment: 'Lovely colour' } });
  const { reviews } = await call('GET /api/partners/:id/reviews', { params: { id: 'p' } });
  // @ts-expect-error -- reviews are shown by the reviewer's chosen name, never their email
  void reviews[0].reviewerEmail;

  const result = await call('POST /api/fn/generateHairStyle', { body: { imageBase64: 'AAAA', imageType: 'image/jpeg', prompt: 'Copper balayage' } });
  result.generationId satisfies string;
  // @ts-expect-error -- a result is saved by its generation id (decision 116): the answer carries no stored-image URL
  void result.outputUrl;
  // @ts-expect-error -- saving sends the generation id, never the picture
  await call('POST /api/creations', { body: { generationId: result.generationId, image: result.image } });
  const shared = await call('GET /api/shared/:token', { params: { token: 't' } });
  // @ts-expect-error -- the original photo may be withheld (decision 111): its URL can be null
  shared.inputUrl satisfies string;
}

export const serverAnswersOnlyItsResponseSchema = [
  route(authEndpoints.config, () => ({ google: true })),
  // @ts-expect-error -- `google` must be a boolean
  route(authEndpoints.config, () => ({ google: 'yes' })),
  // @ts-expect-error -- an answer without the user's credits is not a Me
  route(authEndpoints.me, () => ({
    id: 'u',
    email: 'e',
    name: 'n',
    image: null,
    professional: { isPartner: false, active: false, subscribed: false, slug: null },
  })),
];
