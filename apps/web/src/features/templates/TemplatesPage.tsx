import { ComingSoon } from '../../components/ComingSoon.tsx';
import { IconTemplates } from '../../components/dashboard-icons.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

export function TemplatesPage() {
  return (
    <>
      <PageHeader title="Templates" />
      <ComingSoon icon={<IconTemplates size={28} />} title="The templates list is on its way" />
    </>
  );
}
