import '@mantine/core/styles/Progress.layer.css';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { TEMPLATE_REBUILD_TEXTS as T, type TemplateRebuild } from '@profilehub/shared';
import { useQuery } from '@tanstack/react-query';
import { rebuildFinished, templateRebuildOptions } from '../api/get-template-rebuild.ts';

/**
 * The progress of "Update template and all published profiles" (decision 034): the rebuild runs
 * as a job on the server, so however many profiles it updates this follows it — a bar with
 * "n of N profiles updated", then what happened — and never waits on one long request.
 * `savedAll` is the spec's message for a rebuild that updated every profile.
 */
export function RebuildProgress({ started, savedAll, onClose }: { started: TemplateRebuild; savedAll: string; onClose: () => void }) {
  const { data, error } = useQuery({ ...templateRebuildOptions(started.id), initialData: started });
  const rebuild = data ?? started;
  const finished = rebuildFinished(rebuild);
  const percent = rebuild.total > 0 ? (100 * rebuild.done) / rebuild.total : finished ? 100 : 0;
  return (
    <Stack>
      <Progress value={percent} animated={!finished} aria-label={T.title} />
      <Text size="sm" aria-live="polite">
        {rebuild.state === 'queued' ? T.queued : T.progress(rebuild.done, rebuild.total)}
      </Text>
      {rebuild.state === 'done' && rebuild.failed === 0 ? <Alert color="green">{savedAll}</Alert> : null}
      {rebuild.state === 'done' && rebuild.failed > 0 ? <Alert color="yellow">{T.doneWithFailures(rebuild.rebuilt, rebuild.failed)}</Alert> : null}
      {rebuild.state === 'failed' ? <Alert color="red">{T.failed}</Alert> : null}
      {!finished ? (
        <Text size="xs" c="dimmed">
          {error ? T.reconnecting : T.background}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button variant={finished ? 'filled' : 'default'} onClick={onClose}>
          {T.close}
        </Button>
      </Group>
    </Stack>
  );
}
