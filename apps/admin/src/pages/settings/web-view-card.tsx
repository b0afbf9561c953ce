import { webViewSettings } from '@studio/contract/web-view';
import { Button, Card, Flex, Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { zodRule } from '@/shared/forms/forms';
import { type Merchant, useSaveStudio } from './settings-form';

/**
 * The studio's own texts and links: the hosts whose pages the member app may show inside itself
 * (the web-view page; the server's CSP frame-src follows this list), and the way to the agreements.
 */
export function WebViewCard({ merchant }: { merchant: Merchant }) {
  const { t } = useTranslation('links');
  const [form] = Form.useForm<{ hosts: string[] }>();
  const save = useSaveStudio(form);
  return (
    <Card size="small" title={t('title')} id="links">
      <Form<{ hosts: string[] }>
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={{ hosts: merchant.web_view.hosts }}
        onFinish={(values) => save.mutate({ web_view: webViewSettings.parse({ hosts: values.hosts }) })}
      >
        <Form.Item
          name="hosts"
          label={t('hosts')}
          extra={t('hostsHelp')}
          rules={[zodRule(webViewSettings.shape.hosts)]}
        >
          <Select
            mode="tags"
            open={false}
            suffixIcon={null}
            tokenSeparators={[',', ' ']}
            placeholder="www.example.com"
          />
        </Form.Item>
        <Flex gap={16} align="center" wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('save')}
          </Button>
          <Typography.Text>
            <Link to="/settings/agreements">{t('agreementsLink')}</Link>
          </Typography.Text>
        </Flex>
      </Form>
    </Card>
  );
}
