import { Button, Card, Col, Flex, Input, PageBreadcrumb, Row, Space, Typography, useLinkTo } from '@backoffice/ui-kit';
import { Form, InputNumber, Select, FormErrorAlert } from '@backoffice/ui-kit/forms';
import { CATALOG_LIMITS, type DiscountCodeRow } from '@backoffice/shared-api';
import { STATUS_OPTIONS, TYPE_OPTIONS } from './discountCodeLabels';
import type { DiscountCodeFormValues } from './discountCodeFormModel';
import { InfluencerSelect } from './InfluencerSelect';
import { optionOf } from './useInfluencerOptions';
import { useDiscountCodeForm } from './useDiscountCodeForm';

const half = { xs: 24, md: 12 } as const;

/** The add page (no `code`) or the edit page of a discount code; the logic is in useDiscountCodeForm. */
export function DiscountCodeForm({ code }: { code?: DiscountCodeRow }) {
  const f = useDiscountCodeForm(code);
  const link = useLinkTo();
  const adding = !code;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageBreadcrumb
        items={[
          { title: 'Dashboard', to: link('dashboard') },
          { title: 'Discount codes', to: link('discountCodes') },
          { title: adding ? 'Add' : 'Edit' },
        ]}
      />
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {adding ? 'Add discount code' : `Edit discount code ${code.codeName}`}
          </Typography.Title>
        }
      >
        <Form<DiscountCodeFormValues>
          {...f.formProps}
          layout="vertical"
          name="discount-code"
          disabled={f.saving}
          scrollToFirstError
        >
          <FormErrorAlert what="discount code" error={f.formError} onClose={f.clearFormError} />
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item name="codeName" label="Code name" rules={f.rules.codeName}>
                <Input maxLength={CATALOG_LIMITS.codeNameMax} autoComplete="off" autoFocus={adding} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="type" label="Discount type" rules={f.rules.type}>
                <Select options={TYPE_OPTIONS} placeholder="Choose a type" />
              </Form.Item>
            </Col>
            {f.showInfluencer && (
              <Col xs={24}>
                <Form.Item name="influencerId" label="Influencer" rules={f.rules.influencerId}>
                  <InfluencerSelect initial={optionOf(code?.influencer)} />
                </Form.Item>
              </Col>
            )}
            <Col {...half}>
              {/* No min, max or precision: the control would silently clamp or round, not say why. */}
              <Form.Item name="amount" label="Amount" rules={f.rules.amount}>
                <InputNumber prefix="$" step={0.01} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="redeemLimit"
                label="Redeem limit"
                rules={f.rules.redeemLimit}
                extra={adding ? undefined : `${f.redeemed.toLocaleString('en-US')} already redeemed`}
              >
                <InputNumber step={1} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="status" label="Status" rules={f.rules.status}>
                <Select options={STATUS_OPTIONS} />
              </Form.Item>
            </Col>
          </Row>
          <Flex gap={8} justify="flex-end">
            <Button onClick={f.cancel}>Cancel</Button>
            <Button type="primary" htmlType="submit" loading={f.saving}>
              Save
            </Button>
          </Flex>
        </Form>
      </Card>
    </Space>
  );
}
