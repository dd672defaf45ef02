import { Alert, Button, List, Modal, Stack, Text } from '@mantine/core';
import { PERMISSION_TOOLTIPS, profileIdFromAlias } from '@profilehub/shared';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ProfileEditorScreen } from '../self-service/ProfileEditor.tsx';

/**
 * /manage-templates/{alias}: the same editor, mounted for a master profile
 * (template). Permissions mode (per-item optional / show / edit toggles) plugs
 * into the editor through its `permissionsMode` adapter (see
 * self-service/hooks/editor-context.tsx); it is not part of this screen yet.
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
  return (
    <>
      <PermissionsLegend />
      <ProfileEditorScreen profileId={profileId} title="Manage template" />
    </>
  );
}

const LEGEND_KEY = 'manage-templates:legend-seen';

/** Spec §2 Edit Template Permissions: the icon legend and 'I Understand', once per browser session. */
function PermissionsLegend() {
  const [opened, setOpened] = useState(() => {
    try {
      return sessionStorage.getItem(LEGEND_KEY) !== '1';
    } catch {
      return false;
    }
  });
  const close = () => {
    setOpened(false);
    try {
      sessionStorage.setItem(LEGEND_KEY, '1');
    } catch {
      // Without storage the legend shows again next time.
    }
  };
  return (
    <Modal opened={opened} onClose={close} title="Edit Template Permissions" centered>
      <Stack>
        <Text>Each item of a template carries three switches for the profiles that use it:</Text>
        <List spacing={4}>
          <List.Item>
            Optional: {PERMISSION_TOOLTIPS.optional.on} / {PERMISSION_TOOLTIPS.optional.off}
          </List.Item>
          <List.Item>
            Show: the item {PERMISSION_TOOLTIPS.show.on} / {PERMISSION_TOOLTIPS.show.off}
          </List.Item>
          <List.Item>
            Edit: the item {PERMISSION_TOOLTIPS.edit.on} / {PERMISSION_TOOLTIPS.edit.off}
          </List.Item>
        </List>
        <Button onClick={close} data-autofocus>
          I Understand
        </Button>
      </Stack>
    </Modal>
  );
}
