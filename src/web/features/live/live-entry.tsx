import { Camera } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { buttonClass, type ButtonVariant } from '@web/components/ui/button';

/*
 * The only part of live mode other pages import: buttons that load it when pressed. Live mode's code, its
 * worker and the hair model are separate chunks and files, so the landing's first load does not grow
 * (decision 062's budget; decision 100).
 */
const LiveMode = lazy(() => import('./components/live-mode'));

interface LiveModeButtonProps {
  /** The studio's prompt box; its colour leads the carousel. */
  prompt?: string;
  /** Signed in: render the captured frame with the shade's prompt. Without it, live mode offers to sign up. */
  onRender?: (photo: File, prompt: string) => void;
  /** A shade picked from the photo grid; by default, opens the studio with it in the prompt. */
  onPickPrompt?: (prompt: string) => void;
  variant?: ButtonVariant;
  className?: string;
}

export function LiveModeButton({ prompt, onRender, onPickPrompt, variant = 'secondary', className = '' }: LiveModeButtonProps) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const pick = onPickPrompt ?? ((p: string) => navigate(`/app?prompt=${encodeURIComponent(p)}`));
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={buttonClass({ variant, className })}>
        <Camera aria-hidden="true" className="h-4 w-4" /> Try colours live with your camera
      </button>
      {open && (
        <Suspense fallback={<span className="sr-only">Opening live mirror…</span>}>
          <LiveMode
            prompt={prompt}
            onClose={() => setOpen(false)}
            onPickPrompt={pick}
            onRender={
              onRender &&
              ((photo, p) => {
                setOpen(false);
                onRender(photo, p);
              })
            }
          />
        </Suspense>
      )}
    </>
  );
}
