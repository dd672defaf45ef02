import { Alert } from '@mantine/core';
import { profileIdFromAlias } from '@profilehub/shared';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageSkeleton } from '../../../components/PageSkeleton.tsx';
import { useCachedUser } from '../../../lib/auth.ts';
import { editorViewOptions } from '../api/get-profile-editor-view.ts';
import { TemplateEditor, type TemplateMode } from './TemplateEditor.tsx';

/**
 * /manage-templates/{alias}: the template editor for a master profile;
 * `?mode=permissions` opens it in permissions mode. A child profile's alias
 * (the users list's /manage-permissions/{profile} arrives here) opens its
 * template instead.
 */
export function ManageTemplatesPage() {
  const { alias } = useParams();
  const profileId = profileIdFromAlias(alias);
  if (profileId === null) {
    return (
      <>
        <PageHeader title="Manage template" />
        <Alert color="yellow">Choose a template from the templates list.</Alert>
      </>
    );
  }
  return <TemplateScreen key={profileId} profileId={profileId} />;
}

function TemplateScreen({ profileId }: { profileId: number }) {
  const view = useQuery(editorViewOptions(profileId));
  const me = useCachedUser();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const mode: TemplateMode = params.get('mode') === 'permissions' ? 'permissions' : 'template';
  const setMode = (next: TemplateMode) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        if (next === 'permissions') out.set('mode', 'permissions');
        else out.delete('mode');
        return out;
      },
      { replace: true },
    );

  if (view.isPending) return <PageSkeleton variant="editor" />;
  if (view.isError) {
    return (
      <>
        <PageHeader title="Manage template" />
        <Alert color="red" title="The template could not be loaded">
          {view.error.message}
        </Alert>
      </>
    );
  }
  if (!view.data.profile.isMaster) {
    if (view.data.master) return <Navigate replace to={`/manage-templates/${view.data.master.id}${location.search}`} />;
    return (
      <>
        <PageHeader title="Manage template" />
        <Alert color="yellow">This profile does not use a template, so it has no template permissions.</Alert>
      </>
    );
  }
  return <TemplateEditor key={view.data.profile.id} view={view.data} isSuperadmin={me?.role === 'superadmin'} mode={mode} onModeChange={setMode} />;
}
