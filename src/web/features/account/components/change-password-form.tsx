import { useState, type FormEvent } from 'react';
import { ACCOUNT_MSG } from '@shared/account/messages';
import { MSG } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Notice } from '@web/components/ui/notice';
import { authSchemas } from '@web/features/auth/public';
import { ApiError, errorMessage } from '@web/lib/api';
import { accountClient } from '../account-client';
import { Section } from './section';

/** better-auth's words for a wrong current password, in ours. */
const failure = (err: unknown) =>
  err instanceof ApiError && (err.details as { code?: string } | undefined)?.code === 'INVALID_PASSWORD'
    ? 'Your current password is not right.'
    : errorMessage(err, 'We couldn’t change your password. Please try again.');

/** Needs the current password; every other session is signed out, this one stays. */
export function ChangePasswordForm() {
  const [form, setForm] = useState({ current: '', next: '' });
  const [errors, setErrors] = useState<{ current?: string; next?: string }>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const schemas = await authSchemas().catch(() => null);
    if (!schemas) return setNotice({ tone: 'error', text: MSG.networkFailed });
    const next = schemas.PasswordSchema.safeParse(form.next);
    const current = form.current ? undefined : 'Password is required.';
    setErrors({ current, next: next.success ? undefined : next.error.issues[0].message });
    if (current || !next.success) return;
    setBusy(true);
    try {
      await accountClient.changePassword(form.current, next.data);
      setNotice({ tone: 'success', text: ACCOUNT_MSG.passwordChanged });
      setForm({ current: '', next: '' });
    } catch (err) {
      setNotice({ tone: 'error', text: failure(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section id="password-heading" title="Password" sub="Changing it signs you out on your other devices.">
      {notice && (
        <div className="mb-4">
          <Notice tone={notice.tone}>{notice.text}</Notice>
        </div>
      )}
      <form onSubmit={(e) => void submit(e)} onFocus={authSchemas.warm} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Current password"
          name="current-password"
          type="password"
          autoComplete="current-password"
          value={form.current}
          onChange={(e) => setForm((f) => ({ ...f, current: e.target.value }))}
          error={errors.current}
        />
        <Field
          label="New password"
          name="new-password"
          type="password"
          autoComplete="new-password"
          value={form.next}
          onChange={(e) => setForm((f) => ({ ...f, next: e.target.value }))}
          error={errors.next}
          hint="At least 6 characters."
        />
        <div className="sm:col-span-2">
          <Button type="submit" variant="secondary" disabled={busy}>
            {busy ? 'Saving…' : 'Change password'}
          </Button>
        </div>
      </form>
    </Section>
  );
}
