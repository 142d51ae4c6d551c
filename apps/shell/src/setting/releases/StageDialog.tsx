import { Button, Flex, Input } from '@backoffice/ui-kit';
import { Form, FormErrorAlert, InputNumber, Modal, Segmented } from '@backoffice/ui-kit/forms';
import type { RemoteReleases } from '@backoffice/shared-api';
import { useStageForm, type StageValues } from './useStageForm';

export interface StageDialogProps {
  remote: RemoteReleases;
  version: string;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/** Gives an uploaded version to some admins first: named ones, or a stable share of all of them. */
export function StageDialog({ remote, version, open, onClose, afterClose }: StageDialogProps) {
  const f = useStageForm(remote, version, onClose);
  const audience = Form.useWatch('audience', f.form) ?? 'admins';
  return (
    <Modal
      open={open}
      title={`Stage ${remote.remote} ${version}`}
      onCancel={() => {
        if (!f.saving) onClose();
      }}
      afterClose={afterClose}
      mask={{ closable: false }}
      footer={
        <Flex justify="flex-end" gap="small">
          <Button onClick={onClose} disabled={f.saving}>
            Cancel
          </Button>
          <Button type="primary" loading={f.saving} onClick={() => f.form.submit()}>
            Stage
          </Button>
        </Flex>
      }
    >
      <Form<StageValues> {...f.formProps} layout="vertical" name="stage-release" disabled={f.saving}>
        <FormErrorAlert what="stage" error={f.formError} onClose={f.clearFormError} />
        <Form.Item name="audience" label="Who gets it first">
          <Segmented
            options={[
              { value: 'admins', label: 'Named admins' },
              { value: 'percent', label: 'A share of all admins' },
            ]}
          />
        </Form.Item>
        {audience === 'admins' ? (
          <Form.Item
            name="admins"
            label="Their emails"
            extra="Separated by commas or new lines"
            rules={[{ required: true, message: 'Name at least one admin by email.' }]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
        ) : (
          <Form.Item
            name="percent"
            label="Percentage of admins"
            extra="The same admins each time: raising it only adds some"
            rules={[{ required: true, type: 'integer', min: 0, max: 100, message: 'A whole number from 0 to 100.' }]}
          >
            <InputNumber min={0} max={100} suffix="%" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
