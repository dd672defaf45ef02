import { Alert } from '@mantine/core';
import { profileIdFromAlias } from '@profilehub/shared';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useCurrentUser } from '../../lib/queries.ts';
import { ProfileEditorScreen } from './ProfileEditor.tsx';

/**
 * /self-service (own profile) and /self-service/{alias} (spec §2: the alias
 * starts with the profile id; supervisors edit their divisions' profiles).
 */
export function SelfServicePage() {
  const me = useCurrentUser();
  const { alias } = useParams();
  const profileId = alias ? profileIdFromAlias(alias) : (me.profile?.id ?? null);
  if (profileId === null) {
    return (
      <>
        <PageHeader title="Edit profile" />
        <Alert color="yellow">{alias ? 'This link does not name a profile.' : 'You do not have a profile yet.'}</Alert>
      </>
    );
  }
  return <ProfileEditorScreen profileId={profileId} title="Edit profile" />;
}
