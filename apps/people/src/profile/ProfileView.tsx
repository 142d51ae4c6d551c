import type { ReactNode } from 'react';
import {
  Card,
  Flex,
  Space,
  Tag,
  Typography,
  UserOutlined,
  formatDateTime,
  formatDollars,
  isPictureData,
} from '@backoffice/ui-kit';
import { Avatar } from '@backoffice/ui-kit/forms';
import { Descriptions, type DescriptionsProps } from '@backoffice/ui-kit/forms';
import type { UserProfile } from '@backoffice/shared-api';
import {
  MISSING,
  filledLinks,
  fullName,
  genderName,
  isActive,
  isWebAddress,
  namesOf,
  orDash,
  socialTypeName,
  statusLabel,
  yesNo,
} from './profileFormat';
import { countryName } from './countryName';
import { useProfileLookups } from './useProfileLookups';

type Items = NonNullable<DescriptionsProps['items']>;

const item = (label: string, children: ReactNode): Items[number] => ({ key: label, label, children });

function TagList({ values }: { values: string[] }) {
  if (values.length === 0) return <>{MISSING}</>;
  return (
    <Flex wrap gap={4}>
      {values.map((v, i) => (
        <Tag key={`${i}-${v}`}>{v}</Tag>
      ))}
    </Flex>
  );
}

function SocialLinks({ links }: { links: UserProfile['socialMedia'] }) {
  const shown = filledLinks(links);
  if (shown.length === 0) return <>{MISSING}</>;
  return (
    <Space orientation="vertical" size={2}>
      {shown.map((l, i) => (
        <span key={`${i}-${l.url}`}>
          {socialTypeName(l.type)}:{' '}
          {isWebAddress(l.url) ? (
            <a href={l.url} target="_blank" rel="noopener noreferrer">
              {l.url}
            </a>
          ) : (
            l.url
          )}
        </span>
      ))}
    </Space>
  );
}

function Picture({ value, label }: { value: string; label: string }) {
  if (!isPictureData(value)) return <>{MISSING}</>;
  return <img src={value} alt={label} style={{ maxWidth: 160, maxHeight: 160, objectFit: 'cover', borderRadius: 6 }} />;
}

function Section({ title, items }: { title: string; items: Items }) {
  return (
    <Card size="small" title={title}>
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} items={items} />
    </Card>
  );
}

/**
 * Every field of a fan's or an influencer's profile (spec section 3), read-only. Also shows an
 * applicant on the Requests screen, so it takes the profile alone and loads its own lookup lists.
 */
export function ProfileView({ profile }: { profile: UserProfile }) {
  const { categories, languages } = useProfileLookups();
  const p = profile;
  const active = isActive(p.status);

  const account: Items = [
    item('First Name', orDash(p.firstName)),
    item('Last Name', orDash(p.lastName)),
    item('User Name', orDash(p.userName)),
    item('Display Name', orDash(p.displayName)),
    item('Email', orDash(p.email)),
    item('Email Verified', yesNo(p.isEmailVerified)),
    item('Phone', orDash(p.phone)),
    item('Status', <Tag color={active ? 'green' : 'default'}>{statusLabel(p.status)}</Tag>),
    item('Created On', formatDateTime(p.createdAt)),
    item('Updated On', formatDateTime(p.updatedAt)),
    item('Last Login', formatDateTime(p.lastLoginAt)),
    item('Last Logout', formatDateTime(p.lastLogoutAt)),
  ];
  const personal: Items = [
    item('Gender', genderName(p.gender)),
    item('Date of Birth', orDash(p.dob)),
    item('Country', countryName(p.country)),
    item('State', orDash(p.state)),
    item('City', orDash(p.city)),
    item('Zip Code', orDash(p.zipCode)),
    item('Address', orDash(p.address)),
    item('Time Zone', orDash(p.timeZone)),
    { ...item('Bio', <span style={{ whiteSpace: 'pre-wrap' }}>{orDash(p.bio)}</span>), span: 'filled' },
  ];
  const discovery: Items = [
    item('Search Keywords', <TagList values={p.searchKeywords ?? []} />),
    item('Spoken Languages', <TagList values={namesOf(p.spokenLanguage, languages.data)} />),
    item('Categories', <TagList values={namesOf(p.category, categories.data)} />),
    item('Display Full Name', yesNo(p.displayfullName)),
    { ...item('Social Links', <SocialLinks links={p.socialMedia} />), span: 'filled' },
  ];
  const consents: Items = [
    item('18 Plus', yesNo(p.is18Plus)),
    item('Accepted Terms', yesNo(p.acceptTerms)),
    item('Accepted Privacy', yesNo(p.acceptPrivacy)),
    item('Accepted Influencer Terms', yesNo(p.acceptinfluencerTerms)),
  ];
  // A fan may have a main picture too; the rest belongs to influencers only (INFLUENCER_ONLY_FIELDS).
  const pictures: Items = [
    item('Main Profile Picture', <Picture value={p.mainProfilePicture} label="Main profile picture" />),
  ];
  if (p.isInfluencer) {
    pictures.push(
      item('Profile Picture One', <Picture value={p.profilePictureOne} label="Profile picture one" />),
      item('Profile Picture Two', <Picture value={p.profilePictureTwo} label="Profile picture two" />),
    );
  }
  const influencer: Items = [
    item('Call Charges per Minute', formatDollars(p.callChargesPerMin)),
    item('Call Duration', p.callDurationInMin != null ? `${p.callDurationInMin} min` : MISSING),
    item('Photo ID', orDash(p.photoId)),
    item('Picture ID', orDash(p.pictureId)),
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex align="center" gap={16}>
        <Avatar
          size={64}
          src={isPictureData(p.mainProfilePicture) ? p.mainProfilePicture : undefined}
          icon={<UserOutlined />}
          alt=""
        />
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {orDash(p.displayName)}
          </Typography.Title>
          <Typography.Text type="secondary">
            @{p.userName} · {fullName(p)}
          </Typography.Text>
        </div>
      </Flex>
      <Section title="Account" items={account} />
      <Section title="Personal Details" items={personal} />
      <Section title="Discovery" items={discovery} />
      <Section title="Consents" items={consents} />
      {p.isInfluencer && <Section title="Influencer Details" items={influencer} />}
      <Section title="Pictures" items={pictures} />
    </Space>
  );
}
