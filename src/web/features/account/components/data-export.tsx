import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_MSG } from '@shared/account/messages';
import { Button, buttonClass } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { call, errorMessage } from '@web/lib/api';
import { Section } from './section';

const EXPORT_KEY = ['account', 'export'] as const;
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** Download my data: asks for a zip, waits while it is built (polling), then offers it until it expires. */
export function DataExport() {
  const qc = useQueryClient();
  const current = useQuery({
    queryKey: EXPORT_KEY,
    queryFn: async () => (await call('GET /api/account/export')).export,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 1000 : false),
  });
  const start = useMutation({
    mutationFn: async () => (await call('POST /api/account/export')).export,
    onSuccess: (data) => qc.setQueryData(EXPORT_KEY, data),
  });
  const data = current.data;
  const pending = data?.status === 'pending' || start.isPending;
  return (
    <Section
      id="data-heading"
      title="Download my data"
      sub="A zip of your profile, credits, creations with their pictures, reviews and messages (and your listing, for a professional)."
    >
      <div className="space-y-4">
        {start.error && <Notice tone="error">{errorMessage(start.error, ACCOUNT_MSG.exportFailed)}</Notice>}
        {data?.status === 'failed' && <Notice tone="error">{ACCOUNT_MSG.exportFailed}</Notice>}
        {pending && <Notice>{ACCOUNT_MSG.exportPreparing}</Notice>}
        {data?.status === 'ready' && data.downloadUrl && (
          <p className="flex flex-wrap items-center gap-3 text-sm text-stone-600">
            <a href={data.downloadUrl} download className={buttonClass({ variant: 'primary' })}>
              Download ({size(data.sizeBytes ?? 0)})
            </a>
            <span>The link works until {when.format(new Date(data.expiresAt))}.</span>
          </p>
        )}
        {!pending && (
          <Button variant="secondary" onClick={() => start.mutate()}>
            {data?.status === 'ready' ? 'Prepare a new copy' : 'Prepare my data'}
          </Button>
        )}
      </div>
    </Section>
  );
}
