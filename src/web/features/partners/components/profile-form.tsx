import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LIMITS } from '@shared/constants';
import { parseServices } from '@shared/partners/format';
import { MSG } from '@shared/messages';
import type { Place } from '@shared/geo/schemas';
import type { OwnProfile } from '@shared/partners/views';
import { Button } from '@web/components/ui/button';
import { Field, TextArea } from '@web/components/ui/field';
import { Notice } from '@web/components/ui/notice';
import { useToast } from '@web/components/ui/toast';
import { ME_KEY } from '@web/features/auth/public';
import { partnerKeys, partnersApi } from '../api/partners-api';
import { partnerSchemas } from '../lib/partner-schemas';
import { PlacePicker } from './place-picker';

type Form = { fullName: string; businessName: string; location: string; bio: string; services: string; website: string; instagram: string; facebook: string };

/** Business details, bio (500 with a live counter), services as comma-separated text, links. Saving makes the profile complete. */
export function ProfileForm({ profile }: { profile: OwnProfile }) {
  const [form, setForm] = useState<Form>({
    fullName: profile.fullName,
    businessName: profile.businessName,
    location: profile.location,
    bio: profile.bio,
    services: profile.services.join(', '),
    website: profile.website,
    instagram: profile.instagram,
    facebook: profile.facebook,
  });
  // the city clients search near; kept apart from the free-text location, which may name a street or district
  const [place, setPlace] = useState<Place | null>(profile.place);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const qc = useQueryClient();
  const toast = useToast();
  const save = useMutation({
    mutationFn: () => partnersApi.saveOwn({ ...form, placeId: place?.id ?? null }),
    onSuccess: async (r) => {
      qc.setQueryData(partnerKeys.own, r.profile);
      setPlace(r.profile.place);
      setForm((f) => ({ ...f, services: r.profile.services.join(', ') }));
      await qc.invalidateQueries({ queryKey: ME_KEY });
      toast(profile.profileComplete ? 'Profile saved.' : 'Profile saved — you are live in the directory!');
    },
  });
  const set = (k: keyof Form) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const services = parseServices(form.services);
  return (
    <form
      noValidate
      className="space-y-5"
      onFocus={partnerSchemas.warm}
      onSubmit={async (e) => {
        e.preventDefault();
        const schemas = await partnerSchemas().catch(() => null);
        if (!schemas) return toast(MSG.networkFailed, 'error');
        const parsed = schemas.PartnerProfileSchema.safeParse(form);
        if (!parsed.success) {
          const next: typeof errors = {};
          for (const i of parsed.error.issues) next[i.path[0] as keyof Form] ??= i.message;
          setErrors(next);
          return;
        }
        setErrors({});
        save.mutate();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Business name"
          required
          value={form.businessName}
          onChange={set('businessName')}
          error={errors.businessName}
          autoComplete="organization"
        />
        <Field label="Your full name" required value={form.fullName} onChange={set('fullName')} error={errors.fullName} autoComplete="name" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Location"
          placeholder="Neighbourhood and city, e.g. Shoreditch, London"
          value={form.location}
          onChange={set('location')}
          error={errors.location}
          autoComplete="address-level2"
        />
        <PlacePicker
          label="Town or city on the map"
          value={place?.label ?? ''}
          onPick={setPlace}
          hint={
            place ? 'Clients searching near here find you.' : 'Pick from the list so clients nearby find you; left empty, we match your location when you save.'
          }
        />
      </div>
      <TextArea
        label="Bio"
        rows={5}
        maxLength={LIMITS.bioChars}
        value={form.bio}
        onChange={set('bio')}
        error={errors.bio}
        counter={`${form.bio.length}/${LIMITS.bioChars}`}
        placeholder="What you are known for, your experience, how clients book."
      />
      <div>
        <Field
          label="Services"
          hint="Separate with commas, e.g. Balayage, Colour correction, Curly cuts"
          value={form.services}
          onChange={set('services')}
          error={errors.services}
        />
        {services.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Services preview">
            {services.map((s) => (
              <li key={s} className="rounded-full bg-stone-100 px-2.5 py-1 text-xs font-medium text-stone-700">
                {s}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Website" placeholder="yoursalon.com" value={form.website} onChange={set('website')} error={errors.website} inputMode="url" />
        <Field label="Instagram" placeholder="@yoursalon" value={form.instagram} onChange={set('instagram')} error={errors.instagram} />
        <Field label="Facebook" placeholder="facebook.com/yoursalon" value={form.facebook} onChange={set('facebook')} error={errors.facebook} />
      </div>
      {save.isError && <Notice tone="error">{MSG.profileSaveFailed}</Notice>}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="lg" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save profile'}
        </Button>
        {!profile.profileComplete && <p className="text-sm text-stone-600">Saving puts your listing live in the directory.</p>}
      </div>
    </form>
  );
}
