import { LogIn } from 'lucide-react';
import { ButtonLink } from '@web/components/ui/button';
import { usePageMeta } from '@web/components/ui/page-title';
import { MSG } from '@shared/messages';

/** Spec §4: a signed-out visitor sees 'Please sign in' with a Go to Login link that comes back here. */
export function SignInPrompt({ from, children }: { from: string; children?: string }) {
  usePageMeta();
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center px-4 py-16 text-center">
      <span className="grid h-12 w-12 place-items-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <LogIn className="h-5 w-5" aria-hidden />
      </span>
      <h1 className="mt-4 font-display text-2xl font-semibold text-stone-900">{MSG.pleaseSignIn}</h1>
      {children && <p className="mt-2 text-stone-600">{children}</p>}
      <ButtonLink to="/login" state={{ from }} className="mt-6">
        Go to Login
      </ButtonLink>
    </div>
  );
}
