import { z } from 'zod';
import { MSG } from './messages';

/** Spec §5: email required, format, trimmed; password min 6; full name optional, trimmed. One schema for form and server. */
export const EmailSchema = z.string().trim().min(1, 'Email is required.').pipe(z.email('Enter a valid email address.'));
export const PasswordSchema = z.string().min(1, 'Password is required.').min(6, MSG.passwordTooShort);

export const SignInSchema = z.object({ email: EmailSchema, password: PasswordSchema });
export const SignUpSchema = SignInSchema.extend({ name: z.string().trim().max(80).optional() });

export type SignUpInput = z.infer<typeof SignUpSchema>;

/** What GET /api/me answers: the signed-in user with credits and professional status. */
export const MeSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  credits: z.number().int(),
  professional: z.object({
    isPartner: z.boolean(),
    /** Spec §4: profileComplete and subscription active/trialing. */
    active: z.boolean(),
    /** Subscription active/trialing, whatever the profile: admits /partner/profile (decision 051). */
    subscribed: z.boolean(),
    slug: z.string().nullable(),
  }),
});
export type Me = z.infer<typeof MeSchema>;
