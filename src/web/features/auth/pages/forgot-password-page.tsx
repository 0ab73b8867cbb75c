import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ACCOUNT_MSG } from '@shared/account/messages';
import { MSG } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-title';
import { errorMessage } from '@web/lib/api';
import { authClient } from '../auth-client';
import { authSchemas } from '../auth-schemas';

/**
 * /forgot-password: asks for the address and mails a reset link. The answer is the same whether or not the
 * address has an account, so the page cannot be used to find out who uses Tress.
 */
export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const partner = params.get('for') === 'partner';
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string } | null>(() =>
    params.get('error') === 'INVALID_TOKEN' ? { tone: 'error', text: ACCOUNT_MSG.resetInvalid } : null,
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    const schemas = await authSchemas().catch(() => null);
    if (!schemas) return setNotice({ tone: 'error', text: MSG.networkFailed });
    const parsed = schemas.EmailSchema.safeParse(email);
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setError(undefined);
    setBusy(true);
    try {
      const back = new URLSearchParams({ email: parsed.data, ...(partner ? { for: 'partner' } : {}) });
      await authClient.requestPasswordReset(parsed.data, `/reset-password?${back.toString()}`);
      setNotice({ tone: 'info', text: ACCOUNT_MSG.resetSent(parsed.data) });
    } catch (err) {
      setNotice({ tone: 'error', text: errorMessage(err, 'We couldn’t send the link. Please try again.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <PageTitle sub="Enter the email you sign in with and we’ll send you a link to choose a new password." meta={{ title: 'Forgot password — Tress' }}>
        Forgot your password?
      </PageTitle>
      <div className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8">
        {notice && (
          <div className="mb-5">
            <Notice tone={notice.tone}>{notice.text}</Notice>
          </div>
        )}
        <form onSubmit={(e) => void submit(e)} onFocus={authSchemas.warm} noValidate className="space-y-4">
          <Field label="Email" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
          <Button type="submit" disabled={busy} className="w-full" size="lg">
            {busy ? 'Sending…' : 'Send reset link'}
          </Button>
        </form>
      </div>
      <p className="mt-6 text-center text-sm text-stone-600">
        Remembered it?{' '}
        <Link to={partner ? '/partners/login' : '/login'} className="font-semibold text-brand-800 hover:underline">
          Back to sign in
        </Link>
      </p>
    </div>
  );
}
