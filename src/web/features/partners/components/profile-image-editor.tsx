import { useQueryClient } from '@tanstack/react-query';
import { Camera, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { OwnProfile } from '@shared/partners/views';
import { Button } from '@web/components/ui/button';
import { partnerKeys, partnersApi } from '../api/partners-api';
import { uploadError, uploadImage } from '../hooks/upload-image';
import { PartnerAvatar } from './partner-avatar';
import { UploadError } from './upload-error';

/** Profile picture: upload or replace (PNG/JPEG, 2 MB), or remove. A failed delete is only logged; the image stays hidden (docs/product.md §8). */
export function ProfileImageEditor({ profile }: { profile: OwnProfile }) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [hidden, setHidden] = useState<string | null>(null);
  const [error, setError] = useState<ReturnType<typeof uploadError> | null>(null);
  const current = profile.profileImage && profile.profileImage.path !== hidden ? profile.profileImage : null;

  async function onFile(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      await uploadImage(file, 'profile');
      await qc.invalidateQueries({ queryKey: partnerKeys.own });
    } catch (e) {
      setError(uploadError(e));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }
  async function remove() {
    if (!current) return;
    setHidden(current.path);
    try {
      await partnersApi.deleteImage(current.path, current.url);
      await qc.invalidateQueries({ queryKey: partnerKeys.own });
    } catch (e) {
      console.warn('Profile image delete failed; keeping it hidden', e);
    }
  }
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <PartnerAvatar url={current?.url ?? null} name={profile.businessName} className="h-24 w-24 text-3xl shadow" />
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            id={id}
            type="file"
            accept="image/png,image/jpeg"
            className="sr-only"
            onChange={(e) => void onFile(e.target.files?.[0])}
            data-testid="profile-image-input"
          />
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => input.current?.click()}>
            <Camera className="h-4 w-4" aria-hidden />
            {busy ? 'Uploading…' : current ? 'Change picture' : 'Upload picture'}
          </Button>
          {current && (
            <Button variant="ghost" size="sm" disabled={busy} onClick={() => void remove()}>
              <Trash2 className="h-4 w-4" aria-hidden />
              Remove
            </Button>
          )}
        </div>
        <p className="text-xs text-stone-500">PNG or JPEG, up to 2 MB. Square pictures look best.</p>
        <UploadError error={error} />
      </div>
    </div>
  );
}
