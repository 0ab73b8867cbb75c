import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { SignUpInput } from '@shared/auth';
import { ACCOUNT_MSG } from '@shared/account/messages';
import { MSG } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-title';
import { errorMessage } from '@web/lib/api';
import { authClient, isUnverified } from '../auth-client';
import { authSchemas } from '../auth-schemas';
import { GoogleSignIn } from '../components/google-sign-in';
import { ME_KEY } from '../hooks/use-me';

type Mode = 'signin' | 'signup';
type Errors = Partial<Record<'email' | 'password' | 'name', string>>;

/** Only same-site paths are followed after sign-in, so a crafted link cannot send the user elsewhere. */
const safePath = (p: unknown) => (typeof p === 'string' && p.startsWith('/') && !p.startsWith('//') ? p : undefined);

/** What a page that sent the person here wants them to read first. */
function arrivalNotice(params: URLSearchParams): { tone: 'info' | 'error'; text: string } | null {
  if (params.get('error') === 'google') return { tone: 'error', text: MSG.googleFailed };
  if (params.get('signed-out') === 'everywhere') return { tone: 'info', text: ACCOUNT_MSG.signedOutEverywhere };
  if (params.get('deleted') === '1') return { tone: 'info', text: ACCOUNT_MSG.accountDeleted };
  if (params.get('reset') === '1') return { tone: 'info', text: ACCOUNT_MSG.passwordReset };
  return null;
}

/** A professional signs in to manage a listing; a consumer to reach their looks. */
function subtitle(professional: boolean, mode: Mode): string {
  if (mode === 'signup') return 'New accounts get a free credit to try their first look.';
  return professional ? 'Manage your listing, portfolio, reviews and client messages.' : 'Welcome back. Your creations and credits are waiting.';
}

export default function LoginPage({ professional = false }: { professional?: boolean }) {
  const location = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const returnTo = safePath((location.state as { from?: string } | null)?.from) ?? safePath(params.get('next')) ?? (professional ? '/partner/profile' : '/app');
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'signup' ? 'signup' : 'signin');
  const [form, setForm] = useState({ email: '', password: '', name: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string } | null>(() => arrivalNotice(params));

  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const schemas = await authSchemas().catch(() => null);
    if (!schemas) return setNotice({ tone: 'error', text: MSG.networkFailed });
    const parsed = (mode === 'signup' ? schemas.SignUpSchema : schemas.SignInSchema).safeParse(form);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setNotice(null);
    setBusy(true);
    const { email, password } = parsed.data;
    try {
      if (mode === 'signup') {
        const { name } = parsed.data as SignUpInput;
        await authClient.signUp({ email, password, name: name || undefined, callbackURL: returnTo });
        // Spec §4: notice with the email, signed out, back to sign-in mode.
        await authClient.signOut().catch(() => undefined);
        setNotice({ tone: 'info', text: MSG.verificationSent(email) });
        setMode('signin');
        setForm((f) => ({ ...f, password: '' }));
      } else {
        await authClient.signIn({ email, password, callbackURL: returnTo });
        await qc.invalidateQueries({ queryKey: ME_KEY });
        navigate(returnTo, { replace: true });
      }
    } catch (err) {
      if (isUnverified(err)) setNotice({ tone: 'info', text: MSG.notVerified(email) });
      else setNotice({ tone: 'error', text: errorMessage(err, mode === 'signup' ? MSG.signUpFailed : MSG.signInFailed) });
    } finally {
      setBusy(false);
    }
  }

  async function google() {
    setBusy(true);
    setNotice(null);
    try {
      await authClient.google(returnTo);
    } catch (err) {
      setNotice({ tone: 'error', text: errorMessage(err, MSG.googleFailed) });
      setBusy(false);
    }
  }

  const title = professional ? 'Sign in (Professional)' : mode === 'signin' ? 'Sign in' : 'Create your account';
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <PageTitle sub={subtitle(professional, mode)} meta={{ title: `${title} — Tress` }}>
        {title}
      </PageTitle>
      <div className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8">
        <div role="tablist" aria-label="Sign in or create account" className="mb-6 grid grid-cols-2 rounded-full bg-stone-100 p-1 text-sm font-semibold">
          {(['signin', 'signup'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={mode === m}
              disabled={busy}
              onClick={() => {
                setMode(m);
                setErrors({});
              }}
              className={`rounded-full py-2 ${mode === m ? 'bg-white text-stone-900 shadow-sm' : 'text-stone-600'}`}
            >
              {m === 'signin' ? 'Sign in' : 'Create account'}
            </button>
          ))}
        </div>
        {notice && (
          <div className="mb-5">
            <Notice tone={notice.tone}>{notice.text}</Notice>
          </div>
        )}
        <GoogleSignIn disabled={busy} onClick={() => void google()} />
        <form onSubmit={(e) => void submit(e)} onFocus={authSchemas.warm} noValidate className="space-y-4">
          {mode === 'signup' && (
            <Field label="Full name (optional)" name="name" autoComplete="name" value={form.name} onChange={set('name')} error={errors.name} />
          )}
          <Field label="Email" name="email" type="email" autoComplete="email" required value={form.email} onChange={set('email')} error={errors.email} />
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            required
            value={form.password}
            onChange={set('password')}
            error={errors.password}
            hint={mode === 'signup' ? 'At least 6 characters.' : undefined}
          />
          {mode === 'signin' && (
            <p className="-mt-2 text-right text-sm">
              <Link to={professional ? '/forgot-password?for=partner' : '/forgot-password'} className="font-medium text-brand-800 hover:underline">
                Forgot password?
              </Link>
            </p>
          )}
          <Button type="submit" disabled={busy} className="w-full" size="lg">
            {busy ? MSG.pleaseWait : mode === 'signin' ? 'Sign in' : 'Create account'}
          </Button>
        </form>
      </div>
      {professional ? (
        <p className="mt-6 text-center text-sm text-stone-600">
          New here?{' '}
          <Link to="/partners/signup" className="font-semibold text-brand-800 hover:underline">
            Create a professional account
          </Link>
        </p>
      ) : (
        <p className="mt-6 text-center text-sm text-stone-600">
          A hair professional?{' '}
          <Link to="/partners/login" className="font-semibold text-brand-800 hover:underline">
            Sign in to manage your listing
          </Link>
        </p>
      )}
    </div>
  );
}
