import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TIMINGS } from '@shared/constants';
import { MSG } from '@shared/messages';
import type { Creation } from '@shared/studio/creation';
import { useToast } from '@web/components/ui/toast';
import { studioApi } from '../api/studio-api';
import { SHARE_TEXT, shareOrCopy } from './share-link';

/** Save and Share for a fresh result: saving twice is harmless (the server answers with the same creation). */
export function useResultActions(generationId: string, title: string) {
  const toast = useToast();
  const qc = useQueryClient();
  const [saved, setSaved] = useState<Creation | null>(null);
  const save = useMutation({
    mutationFn: () => studioApi.saveCreation(generationId),
    onSuccess: (c) => {
      setSaved(c);
      void qc.invalidateQueries({ queryKey: ['creations'] });
    },
  });
  const ensureSaved = async () => saved ?? (await save.mutateAsync());

  const onSave = async () => {
    try {
      await ensureSaved();
      toast(MSG.saveCreationOk, 'success');
    } catch {
      toast(MSG.saveCreationFailed, 'error');
    }
  };

  const share = useMutation({
    mutationFn: async () => {
      const creation = await ensureSaved();
      const link = creation.shareUrl ? { url: creation.shareUrl } : await studioApi.share(creation.id);
      return shareOrCopy(link.url, title);
    },
    onSuccess: (outcome) => {
      if (outcome === 'copied') toast(SHARE_TEXT.copied, 'info', TIMINGS.shareConfirmMs);
      if (outcome === 'unsupported') toast(SHARE_TEXT.unsupported, 'error');
      void qc.invalidateQueries({ queryKey: ['creations'] });
    },
    onError: () => toast(MSG.shareUnsupported, 'error'),
  });

  return { saved, saving: save.isPending, onSave, onShare: () => share.mutate(), sharing: share.isPending, ensureSaved };
}
