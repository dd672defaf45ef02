import { ComingSoon } from '../../components/ComingSoon.tsx';
import { IconTemplates } from '../../components/dashboard-icons.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

export function ManageTemplatesPage() {
  return (
    <>
      <PageHeader title="Manage template" />
      <ComingSoon icon={<IconTemplates size={28} />} title="The template editor is on its way" />
    </>
  );
}
