import { useSearchParams } from 'react-router';
import { ACCOUNT_MSG } from '@shared/account/messages';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-title';
import { useMe } from '@web/features/auth/public';
import { ChangeEmailForm } from '../components/change-email-form';
import { ChangePasswordForm } from '../components/change-password-form';
import { DataExport } from '../components/data-export';
import { DeleteAccount } from '../components/delete-account';
import { SignOutEverywhere } from '../components/sign-out-everywhere';

/** /account (signed in): email, password, devices, the data we hold and deleting the account. */
export default function AccountPage() {
  const { me } = useMe();
  const [params] = useSearchParams();
  if (!me) return null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-12">
      <PageTitle sub="Your sign-in details, your devices and your data." meta={{ title: 'Account — Tress' }}>
        Account
      </PageTitle>
      {params.get('email') === 'changed' && (
        <div className="mb-6">
          <Notice tone="success">{ACCOUNT_MSG.emailChanged}</Notice>
        </div>
      )}
      <div className="space-y-6">
        <ChangeEmailForm current={me.email} />
        <ChangePasswordForm />
        <SignOutEverywhere />
        <DataExport />
        <DeleteAccount professional={me.professional.isPartner} />
      </div>
    </div>
  );
}
