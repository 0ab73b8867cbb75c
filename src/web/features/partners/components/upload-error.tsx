import type { uploadError } from '../hooks/upload-image';

/** An upload failure as spec §8 wants it: the message, then its code and details in small print. */
export function UploadError({ error }: { error: ReturnType<typeof uploadError> | null }) {
  if (!error) return null;
  return (
    <div role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200">
      <p className="font-medium">{error.message}</p>
      <p className="mt-0.5 break-all font-mono text-xs text-red-700">
        code: {error.code}
        {error.details ? ` · details: ${error.details}` : ''}
      </p>
    </div>
  );
}
