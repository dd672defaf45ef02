import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { CreateCompanySchema, subdomainFromName } from '@profilehub/shared';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { refusedField } from '../../../lib/api.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useCreateDivision } from '../api/create-division.ts';

type Props = { opened: boolean; onClose: () => void };

/** "New division": a name and the subdomain of its pages (suggested from the name); then its settings open. */
export function NewDivisionModal({ opened, onClose }: Props) {
  const navigate = useNavigate();
  const create = useCreateDivision();
  const [title, setTitle] = useState('');
  const [subdomain, setSubdomain] = useState('');
  const [edited, setEdited] = useState(false);
  const [errors, setErrors] = useState<{ title?: string; subdomain?: string }>({});

  const close = () => {
    setTitle('');
    setSubdomain('');
    setEdited(false);
    setErrors({});
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateCompanySchema.safeParse({ title, subdomain });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as 'title' | 'subdomain'] ??= issue.message;
      setErrors(found);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (row) => {
        toastSuccess(`${row.title} was created`);
        close();
        navigate(`/divisions/${row.id}`);
      },
      onError: (err) => {
        const path = refusedField(err);
        if (path === 'subdomain' || path === 'title') setErrors({ [path]: err.message });
        else toastError(err);
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="New division" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Name"
            placeholder="Initech"
            data-autofocus
            value={title}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setTitle(value);
              if (!edited) setSubdomain(subdomainFromName(value));
              setErrors((x) => ({ ...x, title: undefined }));
            }}
            error={errors.title}
          />
          <TextInput
            label="Address of its pages"
            description="Its profile pages live at this subdomain of the hub's public domain."
            value={subdomain}
            onChange={(e) => {
              setSubdomain(e.currentTarget.value);
              setEdited(true);
              setErrors((x) => ({ ...x, subdomain: undefined }));
            }}
            error={errors.subdomain}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create division
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
