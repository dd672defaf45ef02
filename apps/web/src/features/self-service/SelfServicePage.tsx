import { ComingSoon } from '../../components/ComingSoon.tsx';
import { IconEdit } from '../../components/dashboard-icons.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

export function SelfServicePage() {
  return (
    <>
      <PageHeader title="Edit profile" />
      <ComingSoon icon={<IconEdit size={28} />} title="The profile editor is on its way" />
    </>
  );
}
