import { Link } from 'react-router';
import { Notice } from '@web/components/ui/notice';
import type { CheckoutFailure } from '../hooks/use-checkout';

/** The spec's checkout alert, with the server's actionable reason (and where to go) under it. */
export function CheckoutAlert({ failure }: { failure: CheckoutFailure }) {
  return (
    <Notice tone="error" title={failure.message}>
      {failure.detail && (
        <p>
          {failure.detail}{' '}
          {failure.reason === 'no-partner' && (
            <Link to="/partners/signup" className="font-semibold underline underline-offset-2">
              Join as a Professional
            </Link>
          )}
        </p>
      )}
    </Notice>
  );
}
