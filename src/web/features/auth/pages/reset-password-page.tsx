import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_MSG } from '@shared/account/messages';
import { MSG } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-title';
import { ApiError, errorMessage } from '@web/lib/api';
import { authClient } from '../auth-client';
import { authSchemas } from '../auth-schemas';
import { ME_KEY } from '../hooks/use-me';

/**
 * /reset-password?token=…&email=…: where the mailed link lands. Sets the new password (which signs out
 * every session), then signs in with it here. A used or expired link goes back to /forgot-password.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const token = params.get('token');
  const email = params.get('email') ?? '';
  const partner = params.get('for') === 'partner';
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  if (!token || params.get('error')) {
    const again = new URLSearchParams({ error: 'INVALID_TOKEN', ...(email ? { email } : {}), ...(partner ? { for: 'partner' } : {}) });
    return <Navigate to={`/forgot-password?${again.toString()}`} replace />;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const schemas = await authSchemas().catch(() => null);
    if (!schemas) return setFailure(MSG.networkFailed);
    const parsed = schemas.PasswordSchema.safeParse(password);
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setError(undefined);
    setFailure(undefined);
    setBusy(true);
    try {
      await authClient.resetPassword(token!, parsed.data);
    } catch (err) {
      setBusy(false);
      const spent = err instanceof ApiError && (err.details as { code?: string } | undefined)?.code === 'INVALID_TOKEN';
      return setFailure(spent ? ACCOUNT_MSG.resetInvalid : errorMessage(err, 'We couldn’t change your password. Please try again.'));
    }
    const home = partner ? '/partner/profile' : '/app';
    try {
      await authClient.signIn({ email, password: parsed.data, callbackURL: home });
      await qc.invalidateQueries({ queryKey: ME_KEY });
      navigate(home, { replace: true });
    } catch {
      // the password is changed; only the automatic sign-in did not work (no address in the link)
      navigate(`${partner ? '/partners/login' : '/login'}?reset=1`, { replace: true });
    }
  }

  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <PageTitle
        sub={email ? `For ${email}. You’ll be signed out everywhere else.` : 'You’ll be signed out everywhere else.'}
        meta={{ title: 'Choose a new password — Tress' }}
      >
        Choose a new password
      </PageTitle>
      <div className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8">
        {failure && (
          <div className="mb-5">
            <Notice tone="error">
              {failure}{' '}
              <Link to="/forgot-password" className="font-semibold underline">
                Send a new link
              </Link>
            </Notice>
          </div>
        )}
        <form onSubmit={(e) => void submit(e)} onFocus={authSchemas.warm} noValidate className="space-y-4">
          <Field
            label="New password"
            name="new-password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={error}
            hint="At least 6 characters."
          />
          <Button type="submit" disabled={busy} className="w-full" size="lg">
            {busy ? 'Saving…' : 'Save and sign in'}
          </Button>
        </form>
      </div>
    </div>
  );
}
