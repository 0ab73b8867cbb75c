import { useState, type FormEvent } from 'react';
import { ACCOUNT_MSG } from '@shared/account/messages';
import { MSG } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Notice } from '@web/components/ui/notice';
import { authSchemas } from '@web/features/auth/public';
import { errorMessage } from '@web/lib/api';
import { accountClient } from '../account-client';
import { Section } from './section';

/** The new address gets a link; the account keeps the old one until the link is followed. */
export function ChangeEmailForm({ current }: { current: string }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const schemas = await authSchemas().catch(() => null);
    if (!schemas) return setNotice({ tone: 'error', text: MSG.networkFailed });
    const parsed = schemas.EmailSchema.safeParse(email);
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    if (parsed.data.toLowerCase() === current.toLowerCase()) return setError('This is already your email.');
    setError(undefined);
    setBusy(true);
    try {
      await accountClient.changeEmail(parsed.data);
      setNotice({ tone: 'success', text: ACCOUNT_MSG.emailChangeSent(parsed.data) });
      setEmail('');
    } catch (err) {
      setNotice({ tone: 'error', text: errorMessage(err, 'We couldn’t change your email. Please try again.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section id="email-heading" title="Email" sub={`You sign in with ${current}.`}>
      {notice && (
        <div className="mb-4">
          <Notice tone={notice.tone}>{notice.text}</Notice>
        </div>
      )}
      <form onSubmit={(e) => void submit(e)} onFocus={authSchemas.warm} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <Field label="New email" name="new-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
        </div>
        <Button type="submit" variant="secondary" disabled={busy} className="sm:mt-7">
          {busy ? 'Sending…' : 'Change email'}
        </Button>
      </form>
    </Section>
  );
}
