import { PageTitle } from '@web/components/ui/page-title';

export default function Page() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <PageTitle>Careers</PageTitle>
    </div>
  );
}
