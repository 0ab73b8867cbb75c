import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { MSG } from '@shared/messages';
import type { PartnerSignupInput } from '@shared/partners/schemas';
import { Button, ButtonLink } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { LoadingScreen } from '@web/components/ui/loading-screen';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-title';
import { useMe } from '@web/features/auth/public';
import { ApiError } from '@web/lib/api';
import { partnersApi } from '../api/partners-api';
import { JoinForm } from '../components/join-form';
import { partnerSchemas } from '../lib/partner-schemas';

type Errors = Partial<Record<keyof PartnerSignupInput | 'form', string>>;

/** Spec §8: email in use, a too-short password, anything else 'Failed to create an account.' */
function failure(e: unknown): Errors {
  if (e instanceof ApiError && e.code === 'aborted') return { email: MSG.emailInUse };
  if (e instanceof ApiError && e.code === 'invalid-argument') return { form: e.message };
  if (e instanceof ApiError && e.code === 'resource-exhausted') return { form: e.message };
  return { form: MSG.partnerSignupFailed };
}

/** /partners/signup: full name, business name, email and password, all required; then verify and choose a plan. */
export default function PartnersSignupPage() {
  const { me, loading } = useMe();
  const [form, setForm] = useState<PartnerSignupInput>({ fullName: '', businessName: '', email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const signUp = useMutation({ mutationFn: (input: PartnerSignupInput) => partnersApi.signUp(input), onError: (e) => setErrors(failure(e)) });
  const set = (k: keyof PartnerSignupInput) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [k]: e.target.value }));

  if (loading) return <LoadingScreen />;
  if (me?.professional.isPartner) return <Navigate to={me.professional.subscribed ? '/partner/profile' : '/partners/subscribe'} replace />;

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 sm:py-16 lg:grid-cols-[1fr_440px]">
      <div className="hidden lg:block">
        <PageTitle sub="Create your account, choose a plan, then build your profile: business details, a profile picture and up to six portfolio images.">
          Join as a Professional
        </PageTitle>
        <ol className="mt-10 space-y-6">
          {[
            'Create your account and confirm your email',
            'Choose Monthly or Yearly and pay securely',
            'Complete your profile and go live in the directory',
          ].map((s, i) => (
            <li key={s} className="flex items-center gap-4">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 font-display text-lg font-semibold text-brand-800">
                {i + 1}
              </span>
              <span className="text-stone-800">{s}</span>
            </li>
          ))}
        </ol>
      </div>

      <div className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8">
        <div className="lg:hidden">
          <PageTitle>Join as a Professional</PageTitle>
        </div>
        {me ? (
          <>
            <h2 className="font-display text-xl font-semibold text-stone-900">Add a listing to your account</h2>
            <p className="mb-6 mt-1 text-sm text-stone-600">You are signed in as {me.email}. No new account needed.</p>
            <JoinForm defaultName={me.name} />
          </>
        ) : signUp.isSuccess ? (
          <div className="text-center" role="status">
            <MailCheck className="mx-auto h-12 w-12 text-brand-700" aria-hidden />
            <h2 className="mt-4 font-display text-2xl font-semibold text-stone-900">Check your inbox</h2>
            <p className="mt-3 text-stone-700">{MSG.verificationSent(signUp.data.email)}</p>
            <p className="mt-2 text-sm text-stone-600">The link signs you in and takes you straight to choosing your plan.</p>
            <ButtonLink to="/partners/subscribe" className="mt-6" variant="secondary">
              Continue to plans
            </ButtonLink>
          </div>
        ) : (
          <form
            noValidate
            className="space-y-4"
            onFocus={partnerSchemas.warm}
            onSubmit={async (e) => {
              e.preventDefault();
              const schemas = await partnerSchemas().catch(() => null);
              if (!schemas) return setErrors({ form: MSG.networkFailed });
              const parsed = schemas.PartnerSignupSchema.safeParse(form);
              if (!parsed.success) {
                const next: Errors = {};
                for (const i of parsed.error.issues) next[i.path[0] as keyof PartnerSignupInput] ??= i.message;
                setErrors(next);
                return;
              }
              setErrors({});
              signUp.mutate(parsed.data);
            }}
          >
            <Field label="Full name" autoComplete="name" required value={form.fullName} onChange={set('fullName')} error={errors.fullName} />
            <Field
              label="Business name"
              autoComplete="organization"
              required
              value={form.businessName}
              onChange={set('businessName')}
              error={errors.businessName}
            />
            <Field label="Email" type="email" autoComplete="email" required value={form.email} onChange={set('email')} error={errors.email} />
            <Field
              label="Password"
              type="password"
              autoComplete="new-password"
              required
              value={form.password}
              onChange={set('password')}
              error={errors.password}
              hint="At least 6 characters."
            />
            {errors.form && <Notice tone="error">{errors.form}</Notice>}
            <Button type="submit" size="lg" className="w-full" disabled={signUp.isPending}>
              {signUp.isPending ? MSG.pleaseWait : 'Create professional account'}
            </Button>
            <p className="text-center text-sm text-stone-600">
              Already have an account?{' '}
              <Link to="/partners/login" className="font-semibold text-brand-800 hover:underline">
                Sign in
              </Link>
            </p>
          </form>
        )}
      </div>
    </div>
  );
}
