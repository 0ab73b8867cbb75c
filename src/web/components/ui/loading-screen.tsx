/** Full-area loading state (spec: 'Loading…', 'Loading Studio…', 'Loading Billing…'). */
export function LoadingScreen({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-stone-600" role="status" aria-live="polite">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" aria-hidden />
      <p className="text-sm font-medium">{label}</p>
    </div>
  );
}
