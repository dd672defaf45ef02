import { ComingSoon } from '../../components/ComingSoon.tsx';
import { IconApprovals } from '../../components/dashboard-icons.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

export function ApprovalsPage() {
  return (
    <>
      <PageHeader title="Approvals" />
      <ComingSoon icon={<IconApprovals size={28} />} title="The approvals queue is on its way" />
    </>
  );
}
