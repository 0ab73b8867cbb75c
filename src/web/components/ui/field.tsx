import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';

const INPUT =
  'block w-full rounded-xl border border-stone-300 bg-white px-3.5 py-2.5 text-stone-900 placeholder:text-stone-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-500';

/** A labelled input with its validation message beside it (announced to screen readers). */
export function Field({ label, error, hint, ...input }: { label: string; error?: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-700">
        {label}
      </label>
      <input
        id={id}
        className={INPUT}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : hint ? `${id}-hint` : undefined}
        {...input}
      />
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-err`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextArea({
  label,
  error,
  counter,
  ...input
}: { label: string; error?: string; counter?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between">
        <label htmlFor={id} className="text-sm font-medium text-stone-700">
          {label}
        </label>
        {counter && <span className="text-xs tabular-nums text-stone-500">{counter}</span>}
      </div>
      <textarea id={id} className={INPUT} aria-invalid={error ? true : undefined} {...input} />
      {error && <p className="mt-1 text-sm text-red-600">{error}</p>}
    </div>
  );
}
