import type { UploadFailure } from '../hooks/upload-image';

/** An upload failure: the message, and for an unexpected one its code and details in small print (docs/product.md §8). */
export function UploadError({ error }: { error: UploadFailure | null }) {
  if (!error) return null;
  return (
    <div role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200">
      <p className="font-medium">{error.message}</p>
      {error.code ? (
        <p className="mt-0.5 break-all font-mono text-xs text-red-700">
          code: {error.code}
          {error.details ? ` · details: ${error.details}` : ''}
        </p>
      ) : null}
    </div>
  );
}
