import type { Site } from '@nimbus/contract';
import { Card, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { SiteFacts } from '@/features/site-admin/components/basic/SiteFacts';
import { ConfigHistory } from '@/features/site-admin/components/history/ConfigHistory';
import { SiteTabForm } from '@/features/site-admin/components/SiteTabForm';
import { BASIC_LABEL_KEYS } from '@/features/site-admin/lib/labels';
import { SiteGroupSelect } from '@/features/sites/components/SiteGroupSelect';

/** The site's facts, its group and remark (saved with the site update), and its config history. */
export function BasicTab({ site }: { site: Site }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16}>
      <SiteFacts site={site} />
      <SiteTabForm site={site} labelKeys={BASIC_LABEL_KEYS}>
        <Card size="small" title={t('siteAdmin.basic.groupTitle')}>
          <Form.Item
            name="siteGroupId"
            label={t('sites.form.siteGroup')}
            tooltip={t('sites.help.siteGroup')}
            normalize={(value: number | undefined) => value ?? null}
          >
            <SiteGroupSelect
              aria-label={t('sites.form.siteGroup')}
              placeholder={t('sites.form.siteGroupPlaceholder')}
              style={{ maxWidth: 420 }}
            />
          </Form.Item>
          <Form.Item
            name="remark"
            label={t('siteAdmin.basic.remark')}
            tooltip={t('siteAdmin.basic.remarkHelp')}
          >
            <Input.TextArea
              aria-label={t('siteAdmin.basic.remark')}
              maxLength={255}
              showCount
              rows={2}
              style={{ maxWidth: 560 }}
            />
          </Form.Item>
        </Card>
      </SiteTabForm>
      <Card size="small" title={t('siteAdmin.history.title')}>
        <ConfigHistory siteId={site.id} />
      </Card>
    </Flex>
  );
}
