import type { ReactNode } from 'react';
import {
  ArrowLeftOutlined,
  Button,
  Card,
  Col,
  DeleteOutlined,
  Flex,
  Input,
  PageBreadcrumb,
  PlusOutlined,
  Row,
  Space,
  Switch,
  Typography,
  useBackToList,
  useLinkTo,
} from '@backoffice/ui-kit';
import { PictureField, FormErrorAlert } from '@backoffice/ui-kit/forms';
import { Form, InputNumber, Select, type FormRule } from '@backoffice/ui-kit/forms';
import { GENDERS, SOCIAL_LINK_TYPES, type UserProfile } from '@backoffice/shared-api';
import { COUNTRIES, PROFILE_LIMITS } from '@backoffice/shared-api/profile';
import { PERSON_KINDS, type PersonKind } from './personKinds';
import { RULES, type ProfileFormValues } from './profileFormModel';
import { orDash } from './profileFormat';
import { usePersonProfileForm } from './usePersonProfileForm';

const GENDER_OPTIONS = Object.entries(GENDERS).map(([value, label]) => ({ value: Number(value), label }));
const SOCIAL_TYPE_OPTIONS = Object.entries(SOCIAL_LINK_TYPES).map(([value, label]) => ({
  value: Number(value),
  label,
}));
const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));
const SEARCH_BY_LABEL = { optionFilterProp: 'label' } as const;

function Half({ children }: { children: ReactNode }) {
  return (
    <Col xs={24} md={12}>
      {children}
    </Col>
  );
}

/** A one-line text field; `wide` spans the whole row. */
function TextField({
  name,
  label,
  rules,
  max,
  wide = false,
  inputMode,
}: {
  name: keyof ProfileFormValues;
  label: string;
  rules?: FormRule[];
  max: number;
  wide?: boolean;
  inputMode?: 'email' | 'tel';
}) {
  return (
    <Col xs={24} md={wide ? 24 : 12}>
      <Form.Item name={name} label={label} rules={rules}>
        <Input maxLength={max} inputMode={inputMode} autoComplete="off" />
      </Form.Item>
    </Col>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        {title}
      </Typography.Title>
      <Row gutter={16}>{children}</Row>
    </>
  );
}

/** The edit form of a fan's or an influencer's profile; the logic is in usePersonProfileForm. */
export function ProfileForm({ kind, profile }: { kind: PersonKind; profile: UserProfile }) {
  const f = usePersonProfileForm(kind, profile);
  const names = PERSON_KINDS[kind];
  const link = useLinkTo();
  const backTo = useBackToList(names.list);
  const isInfluencer = kind === 'influencer';
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageBreadcrumb
        items={[
          { title: 'Dashboard', to: link('dashboard') },
          { title: names.many, to: backTo },
          { title: orDash(profile.displayName), to: link(names.view, { id: profile._id }) },
          { title: 'Edit' },
        ]}
      />
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            Edit {names.lower}
          </Typography.Title>
        }
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => f.leave()}>
            Back
          </Button>
        }
      >
        <Form<ProfileFormValues> {...f.formProps} layout="vertical" name={`${kind}-profile`} scrollToFirstError>
          <FormErrorAlert what="profile" error={f.formError} onClose={f.clearFormError} />

          <Group title="Account">
            <TextField name="firstName" label="First Name" rules={RULES.firstName} max={PROFILE_LIMITS.nameMax} />
            <TextField name="lastName" label="Last Name" rules={RULES.lastName} max={PROFILE_LIMITS.nameMax} />
            <TextField name="userName" label="User Name" rules={RULES.userName} max={PROFILE_LIMITS.userNameMax} />
            <TextField
              name="displayName"
              label="Display Name"
              rules={RULES.displayName}
              max={PROFILE_LIMITS.displayNameMax}
            />
            <TextField name="email" label="Email" rules={RULES.email} max={PROFILE_LIMITS.emailMax} inputMode="email" />
            <TextField name="phone" label="Phone" rules={RULES.phone} max={PROFILE_LIMITS.phoneMax} inputMode="tel" />
            <Half>
              <Form.Item name="displayfullName" label="Display Full Name" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Half>
          </Group>

          <Group title="Personal Details">
            <Half>
              <Form.Item name="gender" label="Gender">
                <Select options={GENDER_OPTIONS} allowClear placeholder="Not given" />
              </Form.Item>
            </Half>
            <Half>
              <Form.Item name="dob" label="Date of Birth" rules={RULES.dob}>
                <Input type="date" />
              </Form.Item>
            </Half>
            <Half>
              <Form.Item name="country" label="Country">
                <Select options={COUNTRY_OPTIONS} showSearch={SEARCH_BY_LABEL} allowClear placeholder="Not given" />
              </Form.Item>
            </Half>
            <TextField name="state" label="State" rules={RULES.place} max={PROFILE_LIMITS.placeMax} />
            <TextField name="city" label="City" rules={RULES.place} max={PROFILE_LIMITS.placeMax} />
            <TextField name="zipCode" label="Zip Code" rules={RULES.zipCode} max={PROFILE_LIMITS.zipCodeMax} />
            <TextField name="address" label="Address" rules={RULES.address} max={PROFILE_LIMITS.addressMax} wide />
            <Half>
              <Form.Item name="timeZone" label="Time Zone">
                <Select options={f.timeZoneOptions} showSearch={SEARCH_BY_LABEL} allowClear placeholder="Not given" />
              </Form.Item>
            </Half>
            <Col xs={24}>
              <Form.Item name="bio" label="Bio" rules={RULES.bio}>
                <Input.TextArea rows={4} maxLength={PROFILE_LIMITS.bioMax} showCount />
              </Form.Item>
            </Col>
          </Group>

          <Group title="Discovery">
            <Col xs={24}>
              <Form.Item name="searchKeywords" label="Search Keywords" rules={RULES.searchKeywords}>
                <Select mode="tags" tokenSeparators={[',']} placeholder="Type a keyword and press Enter" />
              </Form.Item>
            </Col>
            <Half>
              <Form.Item name="spokenLanguage" label="Spoken Languages" rules={RULES.spokenLanguage}>
                <Select
                  mode="multiple"
                  options={f.languageOptions}
                  loading={f.languagesLoading}
                  showSearch={SEARCH_BY_LABEL}
                />
              </Form.Item>
            </Half>
            <Half>
              <Form.Item name="category" label="Categories" rules={RULES.category}>
                <Select
                  mode="multiple"
                  options={f.categoryOptions}
                  loading={f.categoriesLoading}
                  showSearch={SEARCH_BY_LABEL}
                />
              </Form.Item>
            </Half>
            <Col xs={24}>
              <Form.Item label="Social Links" required={false}>
                <Form.List name="socialMedia">
                  {(fields, { add, remove }) => (
                    <Space orientation="vertical" style={{ width: '100%' }}>
                      {fields.map(({ key, name }) => (
                        <Flex key={key} gap={8} align="flex-start">
                          <Form.Item
                            name={[name, 'type']}
                            rules={[RULES.socialType(name)]}
                            dependencies={[['socialMedia', name, 'url']]}
                            style={{ width: 160, marginBottom: 0 }}
                          >
                            <Select
                              options={SOCIAL_TYPE_OPTIONS}
                              allowClear
                              placeholder="Type"
                              aria-label={`Social link ${name + 1} type`}
                            />
                          </Form.Item>
                          <Form.Item name={[name, 'url']} rules={RULES.url} style={{ flex: 1, marginBottom: 0 }}>
                            <Input
                              inputMode="url"
                              placeholder="https://"
                              maxLength={PROFILE_LIMITS.urlMax}
                              aria-label={`Social link ${name + 1} URL`}
                            />
                          </Form.Item>
                          <Button
                            icon={<DeleteOutlined />}
                            aria-label={`Remove social link ${name + 1}`}
                            onClick={() => remove(name)}
                          />
                        </Flex>
                      ))}
                      <Button
                        type="dashed"
                        icon={<PlusOutlined />}
                        disabled={fields.length >= PROFILE_LIMITS.socialLinksMax}
                        onClick={() => add({ type: null, url: '' })}
                      >
                        Add social link
                      </Button>
                    </Space>
                  )}
                </Form.List>
              </Form.Item>
            </Col>
          </Group>

          {isInfluencer && (
            <Group title="Calls">
              <Half>
                <Form.Item name="callChargesPerMin" label="Call Charges per Minute ($)" rules={RULES.callChargesPerMin}>
                  <InputNumber
                    min={0}
                    max={PROFILE_LIMITS.callChargesMax}
                    step={0.01}
                    precision={2}
                    prefix="$"
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Half>
              <Half>
                <Form.Item name="callDurationInMin" label="Call Duration (min)" rules={RULES.callDurationInMin}>
                  <InputNumber
                    min={PROFILE_LIMITS.callDurationMin}
                    max={PROFILE_LIMITS.callDurationMax}
                    step={1}
                    precision={0}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Half>
            </Group>
          )}

          <Group title="Pictures">
            <Col xs={24}>
              <Form.Item name="mainProfilePicture" label="Main Profile Picture" rules={RULES.picture}>
                <PictureField label="Main profile picture" />
              </Form.Item>
            </Col>
            {isInfluencer && (
              <>
                <Col xs={24}>
                  <Form.Item name="profilePictureOne" label="Profile Picture One" rules={RULES.picture}>
                    <PictureField label="Profile picture one" />
                  </Form.Item>
                </Col>
                <Col xs={24}>
                  <Form.Item name="profilePictureTwo" label="Profile Picture Two" rules={RULES.picture}>
                    <PictureField label="Profile picture two" />
                  </Form.Item>
                </Col>
                <TextField name="photoId" label="Photo ID" rules={RULES.photoId} max={PROFILE_LIMITS.photoIdMax} />
              </>
            )}
          </Group>

          <Flex gap={8} justify="flex-end">
            <Button onClick={() => f.leave()}>Cancel</Button>
            <Button type="primary" htmlType="submit" loading={f.saving}>
              Save
            </Button>
          </Flex>
        </Form>
      </Card>
    </Space>
  );
}
