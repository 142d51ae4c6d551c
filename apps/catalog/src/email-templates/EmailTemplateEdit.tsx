import {
  ArrowLeftOutlined,
  Button,
  Card,
  Col,
  DetailLoadState,
  Flex,
  Input,
  PageBreadcrumb,
  Row,
  Typography,
  theme,
  useLinkTo,
} from '@backoffice/ui-kit';
import { Form, FormErrorAlert } from '@backoffice/ui-kit/forms';
import { CATALOG_LIMITS, type EmailTemplate } from '@backoffice/shared-api';
import { PlaceholderList } from './PlaceholderList';
import { TemplatePreview } from './TemplatePreview';
import {
  FORM_NAME,
  useEmailTemplateEditor,
  useEmailTemplateLoad,
  type TemplateLoad,
  type TemplateValues,
} from './useEmailTemplateEditor';

const TITLE = 'Email templates';

/** Loading, not found or a failed load, under the breadcrumb the editor will have. */
function LoadState({ load, backTo }: { load: Exclude<TemplateLoad, { state: 'ready' }>; backTo: string }) {
  const link = useLinkTo();
  return (
    <Flex vertical gap="middle">
      <PageBreadcrumb
        items={[
          { title: 'Dashboard', to: link('dashboard') },
          { title: TITLE, to: backTo },
        ]}
      />
      <DetailLoadState
        load={load}
        notFound="Email template not found."
        errorTitle="The email template could not be loaded"
        back={{ to: backTo, label: 'Back to email templates' }}
      />
    </Flex>
  );
}

function TemplateEditor({ template, backTo }: { template: EmailTemplate; backTo: string }) {
  const e = useEmailTemplateEditor(template, backTo);
  const link = useLinkTo();
  const { token } = theme.useToken();
  return (
    <Flex vertical gap="middle">
      <PageBreadcrumb
        items={[
          { title: 'Dashboard', to: link('dashboard') },
          { title: TITLE, to: backTo },
          { title: e.template.name },
        ]}
      />
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {e.template.name}
          </Typography.Title>
        }
        extra={
          <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={e.leave}>
            Back
          </Button>
        }
      >
        <Row gutter={[24, 24]}>
          <Col xs={24} xl={12}>
            <Flex vertical gap="middle">
              <Typography.Text type="secondary">
                Key <Typography.Text code>{e.template.key}</Typography.Text>
              </Typography.Text>
              <Form<TemplateValues>
                {...e.formProps}
                name={FORM_NAME}
                layout="vertical"
                onValuesChange={e.onValuesChange}
                disabled={e.saving}
              >
                <Form.Item name="subject" label="Subject" required rules={e.rules.subject}>
                  <Input
                    maxLength={CATALOG_LIMITS.templateSubjectMax}
                    showCount
                    autoComplete="off"
                    onFocus={e.onSubjectFocus}
                  />
                </Form.Item>
                <Form.Item name="content" label="HTML content" required rules={e.rules.content}>
                  <Input.TextArea
                    rows={16}
                    maxLength={CATALOG_LIMITS.templateContentMax}
                    spellCheck={false}
                    onFocus={e.onContentFocus}
                    style={{ fontFamily: token.fontFamilyCode, fontSize: 13 }}
                  />
                </Form.Item>
                <FormErrorAlert what="template" error={e.formError} onClose={e.clearFormError} />
                <Flex justify="flex-end" gap="small">
                  <Button onClick={e.leave}>Cancel</Button>
                  <Button type="primary" htmlType="submit" loading={e.saving}>
                    Save
                  </Button>
                </Flex>
              </Form>
              <PlaceholderList placeholders={e.placeholders} onInsert={e.insert} onCopy={e.copy} />
            </Flex>
          </Col>
          <Col xs={24} xl={12}>
            <Flex vertical gap="small">
              <Typography.Title level={5} style={{ margin: 0 }}>
                Preview
              </Typography.Title>
              <Typography.Text type="secondary">Sample values stand in for the placeholders.</Typography.Text>
              <TemplatePreview subject={e.preview.subject} content={e.preview.content} placeholders={e.placeholders} />
            </Flex>
          </Col>
        </Row>
      </Card>
    </Flex>
  );
}

/** `edit/:id` under the list: the subject and HTML beside a live, sandboxed preview. */
export function EmailTemplateEdit() {
  const load = useEmailTemplateLoad();
  if (load.state !== 'ready') return <LoadState load={load} backTo={load.backTo} />;
  // Keyed by id: another template gets a fresh form; a refetch of this one leaves the typing alone.
  return <TemplateEditor key={load.data._id} template={load.data} backTo={load.backTo} />;
}
