import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '@shared/messages';
import type { JoinPartnerInput } from '@shared/partners/schemas';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Notice } from '@web/components/ui/notice';
import { ME_KEY } from '@web/features/auth/public';
import { errorMessage } from '@web/lib/api';
import { partnersApi } from '../api/partners-api';
import { partnerSchemas } from '../lib/partner-schemas';

/** Join as a Professional for someone already signed in: full name and business name, then choose a plan. */
export function JoinForm({ defaultName = '' }: { defaultName?: string }) {
  const [fullName, setFullName] = useState(defaultName);
  const [businessName, setBusinessName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const navigate = useNavigate();
  const qc = useQueryClient();
  const join = useMutation({
    mutationFn: (input: JoinPartnerInput) => partnersApi.join(input),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ME_KEY });
      navigate('/partners/subscribe');
    },
  });
  return (
    <form
      noValidate
      className="space-y-4"
      onFocus={partnerSchemas.warm}
      onSubmit={async (e) => {
        e.preventDefault();
        const schemas = await partnerSchemas().catch(() => null);
        if (!schemas) return setErrors({ form: MSG.networkFailed });
        const parsed = schemas.JoinPartnerSchema.safeParse({ fullName, businessName });
        if (!parsed.success) {
          setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
          return;
        }
        setErrors({});
        join.mutate(parsed.data);
      }}
    >
      <Field label="Full name" autoComplete="name" required value={fullName} onChange={(e) => setFullName(e.target.value)} error={errors.fullName} />
      <Field
        label="Business name"
        autoComplete="organization"
        required
        value={businessName}
        onChange={(e) => setBusinessName(e.target.value)}
        error={errors.businessName}
      />
      {errors.form && <Notice tone="error">{errors.form}</Notice>}
      {join.isError && <Notice tone="error">{errorMessage(join.error, 'Could not create your listing. Please try again.')}</Notice>}
      <Button type="submit" size="lg" className="w-full" disabled={join.isPending}>
        {join.isPending ? 'Please wait…' : 'Join as a Professional'}
      </Button>
    </form>
  );
}
