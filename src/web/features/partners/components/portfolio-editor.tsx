import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, ImagePlus, Tags, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { LIMITS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { STYLE_TAGS, styleTagLabel } from '@shared/partners/style-tags';
import type { OwnProfile, PortfolioImage } from '@shared/partners/views';
import { Button } from '@web/components/ui/button';
import { partnerKeys, partnersApi } from '../api/partners-api';
import { uploadError, uploadImage, type UploadFailure } from '../hooks/upload-image';
import { UploadError } from './upload-error';

/** Up to 6 portfolio pictures: upload (several at once), reorder, tag with techniques and colours, delete. */
export function PortfolioEditor({ profile }: { profile: OwnProfile }) {
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const [error, setError] = useState<UploadFailure | null>(null);
  const [tagging, setTagging] = useState<string | null>(null);
  const images = profile.portfolio;
  const setProfile = (p: OwnProfile) => qc.setQueryData(partnerKeys.own, p);
  const reorder = useMutation({
    mutationFn: (ids: string[]) => partnersApi.reorder(ids),
    onMutate: (ids) => setProfile({ ...profile, portfolio: ids.map((id) => images.find((i) => i.id === id)!) }),
    onSuccess: (r) => setProfile(r.profile),
    onError: (e) => {
      setError(uploadError(e));
      void qc.invalidateQueries({ queryKey: partnerKeys.own });
    },
  });
  const remove = useMutation({
    mutationFn: (img: PortfolioImage) => partnersApi.deleteImage(img.path, img.url),
    onSuccess: () => qc.invalidateQueries({ queryKey: partnerKeys.own }),
    onError: (e) => setError(uploadError(e)),
  });

  async function onFiles(files: File[]) {
    setError(null);
    const room = LIMITS.portfolioImages - images.length;
    const take = files.slice(0, Math.max(0, room));
    for (const [i, file] of take.entries()) {
      setUploading(take.length - i);
      try {
        await uploadImage(file, 'portfolio');
        await qc.invalidateQueries({ queryKey: partnerKeys.own });
      } catch (e) {
        setError(uploadError(e));
        break;
      }
    }
    setUploading(0);
    if (files.length > take.length) setError({ message: MSG.portfolioFull });
    if (input.current) input.current.value = '';
  }
  const move = (from: number, to: number) => {
    const ids = images.map((i) => i.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id);
    reorder.mutate(ids);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-600">
          <span className="font-semibold tabular-nums text-stone-900">
            {images.length}/{LIMITS.portfolioImages}
          </span>{' '}
          pictures · the first one is your cover in the directory
        </p>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg"
          multiple
          className="sr-only"
          onChange={(e) => void onFiles([...(e.target.files ?? [])])}
          data-testid="portfolio-input"
          aria-label="Add portfolio pictures"
        />
        <Button variant="secondary" size="sm" disabled={uploading > 0} onClick={() => input.current?.click()}>
          <ImagePlus className="h-4 w-4" aria-hidden />
          {uploading > 0 ? `Uploading… (${uploading} left)` : 'Add pictures'}
        </Button>
      </div>
      <UploadError error={error} />
      {images.length === 0 ? (
        <button
          type="button"
          onClick={() => input.current?.click()}
          className="flex w-full flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-stone-300 px-6 py-12 text-stone-600 hover:border-brand-400 hover:bg-brand-50/40"
        >
          <ImagePlus className="h-8 w-8 text-stone-400" aria-hidden />
          <span className="font-medium">Add up to 6 pictures of your work</span>
          <span className="text-sm">PNG or JPEG, 2 MB each. Tag each with the techniques and colours it shows so clients can find you.</span>
        </button>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3" aria-label="Portfolio">
          {images.map((img, i) => (
            <li key={img.id} className="overflow-hidden rounded-2xl bg-white ring-1 ring-stone-200">
              <div className="relative aspect-square bg-stone-100">
                <img src={img.url} alt={`Portfolio picture ${i + 1}`} className="h-full w-full object-cover" />
                {i === 0 && <span className="absolute left-2 top-2 rounded-full bg-white/90 px-2 py-0.5 text-xs font-semibold text-stone-800">Cover</span>}
              </div>
              <div className="space-y-2 p-2.5">
                <p className="min-h-5 truncate text-xs text-stone-600">{img.tags.length ? img.tags.map(styleTagLabel).join(' · ') : 'No tags yet'}</p>
                <div className="flex items-center justify-between gap-1">
                  <div className="flex">
                    <button
                      type="button"
                      className="rounded-full p-1.5 text-stone-600 hover:bg-stone-100 disabled:opacity-30"
                      disabled={i === 0 || reorder.isPending}
                      onClick={() => move(i, i - 1)}
                      aria-label={`Move picture ${i + 1} earlier`}
                    >
                      <ArrowLeft className="h-4 w-4" />
                    </button>
                    <button
                      type="button"
                      className="rounded-full p-1.5 text-stone-600 hover:bg-stone-100 disabled:opacity-30"
                      disabled={i === images.length - 1 || reorder.isPending}
                      onClick={() => move(i, i + 1)}
                      aria-label={`Move picture ${i + 1} later`}
                    >
                      <ArrowRight className="h-4 w-4" />
                    </button>
                  </div>
                  <div className="flex">
                    <button
                      type="button"
                      className="rounded-full p-1.5 text-stone-600 hover:bg-stone-100"
                      onClick={() => setTagging(tagging === img.id ? null : img.id)}
                      aria-expanded={tagging === img.id}
                      aria-label={`Tag picture ${i + 1}`}
                    >
                      <Tags className="h-4 w-4" />
                    </button>
                    <button
                      type="button"
                      className="rounded-full p-1.5 text-red-600 hover:bg-red-50"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(img)}
                      aria-label={`Delete picture ${i + 1}`}
                    >
                      <Trash2 className="h-4 w-4" />
                    </button>
                  </div>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {tagging && images.some((i) => i.id === tagging) && (
        <TagPicker
          key={tagging}
          index={images.findIndex((i) => i.id === tagging)}
          image={images.find((i) => i.id === tagging)!}
          onDone={(p) => {
            setProfile(p);
            setTagging(null);
          }}
          onCancel={() => setTagging(null)}
        />
      )}
    </div>
  );
}

function TagPicker({ image, index, onDone, onCancel }: { image: PortfolioImage; index: number; onDone: (p: OwnProfile) => void; onCancel: () => void }) {
  const [tags, setTags] = useState<string[]>(image.tags);
  const save = useMutation({ mutationFn: () => partnersApi.tag(image.id, tags), onSuccess: (r) => onDone(r.profile) });
  const toggle = (id: string) => setTags((t) => (t.includes(id) ? t.filter((x) => x !== id) : t.length < 8 ? [...t, id] : t));
  const group = (kind: 'technique' | 'colour', title: string) => (
    <fieldset>
      <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-stone-500">{title}</legend>
      <div className="flex flex-wrap gap-1">
        {STYLE_TAGS.filter((t) => t.kind === kind).map((t) => (
          <button
            key={t.id}
            type="button"
            aria-pressed={tags.includes(t.id)}
            onClick={() => toggle(t.id)}
            className={`rounded-full px-2.5 py-1 text-xs ring-1 ${tags.includes(t.id) ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-stone-700 ring-stone-300 hover:bg-stone-50'}`}
          >
            {t.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
  return (
    <div className="space-y-3 rounded-2xl bg-stone-50 p-4 ring-1 ring-stone-200">
      <div className="flex items-center gap-3">
        <img src={image.url} alt="" className="h-12 w-12 rounded-lg object-cover" />
        <p className="text-sm font-semibold text-stone-900">Tags for picture {index + 1}: what does it show?</p>
      </div>
      {group('technique', 'Technique')}
      {group('colour', 'Colour')}
      {save.isError && <p className="text-xs text-red-600">Could not save the tags. Please try again.</p>}
      <div className="flex gap-2">
        <Button size="sm" disabled={save.isPending} onClick={() => save.mutate()}>
          {save.isPending ? 'Saving…' : 'Save tags'}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
