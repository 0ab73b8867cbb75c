import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { signOutEverywhere } from '@web/features/auth/public';
import { errorMessage } from '@web/lib/api';
import { Section } from './section';

/** For a lost phone or a shared computer: every session ends, this one too. */
export function SignOutEverywhere() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <Section id="sessions-heading" title="Signed-in devices" sub="Signs you out on every phone, tablet and computer, this one included.">
      {error && (
        <div className="mb-4">
          <Notice tone="error">{error}</Notice>
        </div>
      )}
      <Button
        variant="secondary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          signOutEverywhere().catch((err: unknown) => {
            setError(errorMessage(err, 'We couldn’t sign you out everywhere. Please try again.'));
            setBusy(false);
          });
        }}
      >
        {busy ? 'Signing out…' : 'Sign out everywhere'}
      </Button>
    </Section>
  );
}
