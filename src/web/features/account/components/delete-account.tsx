import { useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Notice } from '@web/components/ui/notice';
import { leaveSignedOut } from '@web/features/auth/public';
import { ApiError, errorMessage } from '@web/lib/api';
import { accountClient } from '../account-client';
import { Section } from './section';

/** better-auth's refusals, in words a person acts on. */
function failure(err: unknown): string {
  const code = err instanceof ApiError ? (err.details as { code?: string } | undefined)?.code : undefined;
  if (code === 'INVALID_PASSWORD') return 'That password is not right, so nothing was deleted.';
  if (code === 'SESSION_EXPIRED') return 'For your safety, please sign out, sign in again, then delete your account.';
  return errorMessage(err, 'We couldn’t delete your account. Please try again.');
}

/** Says what goes and what stays (decision 154) before anything happens, and asks for the password. */
export function DeleteAccount({ professional }: { professional: boolean }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await accountClient.deleteAccount(password);
    } catch (err) {
      setError(failure(err));
      setBusy(false);
      return;
    }
    leaveSignedOut('/login?deleted=1');
  }

  return (
    <Section id="delete-heading" title="Delete my account" sub="This can’t be undone." tone="danger">
      {!open ? (
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete my account…
        </Button>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4" aria-label="Confirm account deletion">
          <div className="grid gap-4 text-sm text-stone-700 sm:grid-cols-2">
            <div>
              <p className="font-semibold text-stone-900">What goes, right away</p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                <li>Your creations, their pictures and every share link</li>
                <li>The photos you tried looks on</li>
                <li>Your messages to professionals</li>
                <li>Your upcoming appointments: each is cancelled, the salon is told, and any deposit you paid comes back in full</li>
                {professional && <li>Your listing, its pictures and the messages clients sent you; your listing plan is cancelled first</li>}
                {professional && <li>Your clients’ upcoming appointments: each is cancelled, the client is emailed and any deposit refunded in full</li>}
                <li>Your sign-ins on every device, and any credits left</li>
              </ul>
            </div>
            <div>
              <p className="font-semibold text-stone-900">What stays</p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                <li>Your reviews, signed “Former customer”, so professionals’ ratings stay true</li>
                <li>Your past visits in the salon’s records, as “Former client”, with no name, email or note</li>
                <li>A record of credits bought and used, with no name or email, kept for our accounts for ten years</li>
              </ul>
            </div>
          </div>
          <Field
            label="Your password"
            name="delete-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            hint="If you sign in with Google, leave it empty."
          />
          {error && <Notice tone="error">{error}</Notice>}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" variant="danger" disabled={busy}>
              {busy ? 'Deleting…' : 'Delete my account for good'}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => setOpen(false)}>
              Keep my account
            </Button>
          </div>
        </form>
      )}
    </Section>
  );
}
