import { ComingSoon } from '../../components/ComingSoon.tsx';
import { IconUsers } from '../../components/dashboard-icons.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

export function UsersPage() {
  return (
    <>
      <PageHeader title="Users" />
      <ComingSoon icon={<IconUsers size={28} />} title="The users list is on its way" />
    </>
  );
}
