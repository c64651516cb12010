import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Descriptions, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { formatTimestamp } from '@kayuh/contract/rules/format';
import { useT } from '../../../lib/i18n';
import type { PageProps } from '../../../shared/pageProps';
import { PageHeader } from '../../../shared/PageHeader';
import { Has } from '../../../shared/permissions/Has';
import { LANG_NAMES } from '../../../shared/LanguageSwitch';
import { profileQuery } from './profileApi';
import { ProfileForm } from './ProfileForm';
import { BRAND_COLOR } from '../../../shared/brand';

const dash = (value: string | null | undefined) => value || '--';

/** configure/personal_info: the signed-in user's own record, and the part of it they may change. */
export default function PersonalInfoPage({ page }: PageProps) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const { data: profile, isPending } = useQuery(profileQuery);
  if (isPending || !profile) return <Skeleton active avatar paragraph={{ rows: 8 }} />;
  return (
    <>
      <PageHeader title={t(page.title)} description={t('page.profile.description')} />
      <Card>
        <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 20 }}>
          <Avatar size={56} style={{ background: BRAND_COLOR, fontSize: 24 }} aria-hidden>
            {(profile.nickName || profile.userName).slice(0, 1).toUpperCase()}
          </Avatar>
          <div style={{ flex: 1 }}>
            <div style={{ fontSize: 18, fontWeight: 600 }}>{profile.nickName}</div>
            <div>
              {profile.roleNames.map((role) => (
                <Tag key={role}>{role}</Tag>
              ))}
            </div>
          </div>
          {!editing && (
            <Has perm="configure:personal_info:edit">
              <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)}>
                {t('page.profile.edit')}
              </Button>
            </Has>
          )}
        </div>
        {editing ? (
          <ProfileForm profile={profile} onDone={() => setEditing(false)} />
        ) : (
          <Descriptions bordered column={{ xs: 1, md: 2 }} size="middle">
            <Descriptions.Item label={t('page.profile.userName')}>{profile.userName}</Descriptions.Item>
            <Descriptions.Item label={t('page.profile.nickName')}>{profile.nickName}</Descriptions.Item>
            <Descriptions.Item label={t('page.profile.email')}>{dash(profile.email)}</Descriptions.Item>
            <Descriptions.Item label={t('page.profile.phone')}>{dash(profile.phone)}</Descriptions.Item>
            <Descriptions.Item label={t('page.profile.sex')}>{profile.sex ? t(`dict.sys_user_sex.${profile.sex}`) : '--'}</Descriptions.Item>
            <Descriptions.Item label={t('page.profile.lang')}>{LANG_NAMES[profile.lang]}</Descriptions.Item>
            <Descriptions.Item label={t('page.profile.tenant')}>
              {profile.tenantName} ({profile.tenantCode})
            </Descriptions.Item>
            <Descriptions.Item label={t('page.profile.dept')}>{dash(profile.deptName)}</Descriptions.Item>
            <Descriptions.Item label={t('page.profile.posts')}>{profile.postNames.join(', ') || '--'}</Descriptions.Item>
            <Descriptions.Item label={t('page.profile.loginIp')}>{dash(profile.loginIp)}</Descriptions.Item>
            <Descriptions.Item label={t('page.profile.loginAt')}>{formatTimestamp(profile.loginAt)}</Descriptions.Item>
            <Descriptions.Item label={t('page.profile.pwdUpdatedAt')}>{formatTimestamp(profile.pwdUpdatedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('page.profile.createdAt')}>{formatTimestamp(profile.createdAt)}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
    </>
  );
}
