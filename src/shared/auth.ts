import { z } from 'zod';
import { MSG } from './messages';

/** Spec §5: email required, format, trimmed; password min 6; full name optional, trimmed. One schema for form and server. */
export const EmailSchema = z.string().trim().min(1, 'Email is required.').pipe(z.email('Enter a valid email address.'));
export const PasswordSchema = z.string().min(1, 'Password is required.').min(6, MSG.passwordTooShort);

export const SignInSchema = z.object({ email: EmailSchema, password: PasswordSchema });
export const SignUpSchema = SignInSchema.extend({ name: z.string().trim().max(80).optional() });
export type SignInInput = z.infer<typeof SignInSchema>;

/**
 * The field types of the better-auth endpoints the app calls, checked before better-auth sees a body:
 * it trusts them, and `null` where it expects text was a 500. Its own rules (lengths, formats) still apply
 * after this and answer in its words; other fields pass through to it untouched.
 */
const text = (required: string) => z.string({ error: required });
const optionalText = z.string({ error: MSG.invalidRequest }).optional();
export const AUTH_BODY_SCHEMAS: Record<string, z.ZodType> = {
  '/api/auth/sign-in/email': z.looseObject({ email: text('Email is required.'), password: text('Password is required.'), callbackURL: optionalText }),
  '/api/auth/sign-up/email': z.looseObject({
    email: text('Email is required.'),
    password: text('Password is required.'),
    name: optionalText,
    callbackURL: optionalText,
    image: optionalText,
  }),
  '/api/auth/update-user': z.looseObject({ name: optionalText, image: z.string({ error: MSG.invalidRequest }).nullable().optional() }),
  '/api/auth/change-password': z.looseObject({
    currentPassword: text('Password is required.'),
    newPassword: text('Password is required.'),
    revokeOtherSessions: z.boolean({ error: MSG.invalidRequest }).optional(),
  }),
  '/api/auth/send-verification-email': z.looseObject({ email: text('Email is required.'), callbackURL: optionalText }),
};
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
