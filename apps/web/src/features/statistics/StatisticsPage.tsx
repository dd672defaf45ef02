import { ComingSoon } from '../../components/ComingSoon.tsx';
import { IconChart } from '../../components/dashboard-icons.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

export function StatisticsPage() {
  return (
    <>
      <PageHeader title="Statistics" />
      <ComingSoon icon={<IconChart size={28} />} title="Profile statistics are on their way" />
    </>
  );
}
