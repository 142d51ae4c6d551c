import {
  Button,
  Card,
  Col,
  EditOutlined,
  ErrorState,
  Flex,
  Input,
  Row,
  Tag,
  UserOutlined,
  isPictureData,
} from '@backoffice/ui-kit';
import { Avatar, PictureField, FormErrorAlert, PROFILE_RULES } from '@backoffice/ui-kit/forms';
import { Descriptions, Form, Select } from '@backoffice/ui-kit/forms';
import { useEffect, useState } from 'react';
import { ADMIN_MESSAGES, AUTH_MESSAGES, useEndpointQuery, type AdminProfile } from '@backoffice/shared-api';
import { PROFILE_LIMITS } from '@backoffice/shared-api/profile';
import { session, useSession } from '@backoffice/shared-api/runtime';
import { useAdminProfileForm, type AdminProfileFormValues } from './useAdminProfileForm';

const half = { xs: 24, md: 12 } as const;
const SEARCH_BY_LABEL = { optionFilterProp: 'label' } as const;
const orDash = (v: string) => v.trim() || '-';

function ProfilePicture({ value }: { value: string }) {
  return isPictureData(value) ? (
    <img src={value} alt="Profile picture" style={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 6 }} />
  ) : (
    <Avatar shape="square" size={72} icon={<UserOutlined />} aria-label="No profile picture" />
  );
}

function ProfileView({ profile }: { profile: AdminProfile }) {
  return (
    <Descriptions
      column={1}
      items={[
        { key: 'picture', label: 'Picture', children: <ProfilePicture value={profile.mainProfilePicture} /> },
        { key: 'name', label: 'Name', children: `${profile.firstName} ${profile.lastName}` },
        {
          key: 'email',
          label: 'Email',
          children: (
            <Flex gap={8} wrap align="center">
              {profile.email}
              <Tag color={profile.isEmailVerified ? 'success' : 'default'}>
                {profile.isEmailVerified ? 'Verified' : 'Not verified'}
              </Tag>
            </Flex>
          ),
        },
        { key: 'bio', label: 'Bio', children: <span style={{ whiteSpace: 'pre-wrap' }}>{orDash(profile.bio)}</span> },
        { key: 'timeZone', label: 'Time Zone', children: orDash(profile.timeZone) },
      ]}
    />
  );
}

function ProfileForm({ profile, close }: { profile: AdminProfile; close: () => void }) {
  const f = useAdminProfileForm(profile, close);
  return (
    <Form<AdminProfileFormValues> {...f.formProps} layout="vertical" name="admin-profile" scrollToFirstError>
      <FormErrorAlert what="profile" error={f.formError} onClose={f.clearFormError} />
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="firstName" label="First Name" rules={PROFILE_RULES.firstName}>
            <Input maxLength={PROFILE_LIMITS.nameMax} autoComplete="given-name" autoFocus />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="lastName" label="Last Name" rules={PROFILE_RULES.lastName}>
            <Input maxLength={PROFILE_LIMITS.nameMax} autoComplete="family-name" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="email" label="Email" rules={PROFILE_RULES.email}>
            <Input maxLength={PROFILE_LIMITS.emailMax} inputMode="email" autoComplete="email" />
          </Form.Item>
        </Col>
        {f.askPassword && (
          <Col {...half}>
            <Form.Item
              name="currentPassword"
              label="Current Password"
              extra="Needed to change your email: password reset links will go to the new address, and your other sessions will be signed out."
              rules={[{ required: true, message: AUTH_MESSAGES.currentPasswordRequired }]}
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
          </Col>
        )}
        <Col {...half}>
          <Form.Item name="timeZone" label="Time Zone" rules={PROFILE_RULES.timeZone}>
            <Select options={f.timeZoneOptions} showSearch={SEARCH_BY_LABEL} placeholder="Choose a time zone" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="bio" label="Bio" rules={PROFILE_RULES.bio}>
            <Input.TextArea rows={4} maxLength={PROFILE_LIMITS.bioMax} showCount />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="mainProfilePicture" label="Profile Picture" rules={PROFILE_RULES.picture}>
            <PictureField label="Profile picture" />
          </Form.Item>
        </Col>
      </Row>
      <Flex gap={8} justify="flex-end">
        <Button onClick={f.cancel}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={f.saving} disabled={!f.dirty}>
          Save
        </Button>
      </Flex>
    </Form>
  );
}

/**
 * The admin's profile as the server keeps it (another tab's save refreshes it: the contract's
 * adminUpdated event); a change made while this tab's socket was down shows in the header too.
 */
function useAdminProfile() {
  const signedIn = useSession((s) => !!s.auth.user);
  const profile = useEndpointQuery('getUserProfile', {}, { enabled: signedIn });
  const data = profile.data;
  useEffect(() => {
    if (data) session.adoptProfile(data);
  }, [data]);
  return profile;
}

/** The admin's short profile (spec section 3): shown, and edited in place. */
export function ProfileCard() {
  const profile = useAdminProfile();
  const [editing, setEditing] = useState(false);
  const data = profile.data;
  return (
    <Card
      title={ADMIN_MESSAGES.profile}
      loading={profile.isPending}
      extra={
        data &&
        !editing && (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            Edit profile
          </Button>
        )
      }
    >
      {profile.isError && !data ? (
        <ErrorState
          title="Your profile could not be loaded"
          message={profile.error.message}
          onRetry={() => void profile.refetch()}
        />
      ) : data && editing ? (
        <ProfileForm profile={data} close={() => setEditing(false)} />
      ) : (
        data && <ProfileView profile={data} />
      )}
    </Card>
  );
}
