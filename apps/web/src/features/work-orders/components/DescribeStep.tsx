import {
  WORK_ORDER_CATEGORIES,
  workOrderSubmitRequestSchema,
  type WorkOrderCategory,
} from '@nimbus/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, type UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { workOrdersApi } from '@/features/work-orders/api/work-orders-api';
import { filesOf, ImageUploadField } from '@/features/work-orders/components/ImageUploadField';
import { SubmitSteps } from '@/features/work-orders/components/SubmitSteps';
import { WORK_ORDER_ROUTES } from '@/features/work-orders/lib/routes';
import { positiveId } from '@/shared/url/positive-id';
import { customerOf, useCurrentUser } from '@/shared/auth/useCurrentUser';
import { zodRule } from '@/shared/forms/zod-rules';

interface Values {
  title?: string;
  description?: string;
  contact?: string;
  images?: UploadFile[];
}

const rules = workOrderSubmitRequestSchema.shape;

/** Step 2: title, description, how to reach the customer, and screenshots. */
export function DescribeStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = customerOf(useCurrentUser().data);
  const raw = params.get('category') ?? '';
  const category = (WORK_ORDER_CATEGORIES as readonly string[]).includes(raw)
    ? (raw as WorkOrderCategory)
    : undefined;
  const siteId = positiveId(params.get('siteId'));
  const submit = useMutation({ mutationFn: workOrdersApi.submit });
  const label = (key: string) => t(`workOrders.form.${key}`);

  if (!category)
    return (
      <Card title={t('workOrders.submit')}>
        <SubmitSteps current={1} />
        <Alert
          type="warning"
          showIcon
          title={t('workOrders.form.chooseFirst')}
          action={<Link to={WORK_ORDER_ROUTES.step1}>{t('workOrders.steps.choose')}</Link>}
        />
      </Card>
    );

  const onFinish = (values: Values) =>
    submit.mutate(
      {
        category,
        siteId,
        title: values.title ?? '',
        description: values.description ?? '',
        contact: values.contact ?? '',
        images: filesOf(values.images),
      },
      {
        onSuccess: (created) =>
          void navigate(`${WORK_ORDER_ROUTES.step3}?id=${created.id}&number=${created.number}`, {
            replace: true,
          }),
      },
    );

  return (
    <Card title={t('workOrders.submit')}>
      <SubmitSteps current={1} />
      <Form
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={{ contact: user?.mobile || user?.mail || '' }}
        onFinish={onFinish}
      >
        <Form.Item label={label('category')}>
          <Flex gap={12} align="baseline">
            <span>{t(`workOrders.category.${category}.title`)}</span>
            <Link to={`${WORK_ORDER_ROUTES.step1}?${params.toString()}`}>{t('workOrders.form.change')}</Link>
          </Flex>
        </Form.Item>
        <Form.Item
          name="title"
          label={label('title')}
          rules={[zodRule(rules.title, t, label('title'), true)]}
        >
          <Input maxLength={100} showCount placeholder={t('workOrders.form.titlePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="description"
          label={label('description')}
          rules={[zodRule(rules.description, t, label('description'), true)]}
        >
          <Input.TextArea
            rows={6}
            maxLength={5000}
            showCount
            placeholder={t('workOrders.form.descriptionPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="contact"
          label={label('contact')}
          extra={t('workOrders.form.contactHelp')}
          rules={[zodRule(rules.contact, t, label('contact'), true)]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <ImageUploadField />
        <Flex gap={8}>
          <Button onClick={() => void navigate(`${WORK_ORDER_ROUTES.step1}?${params.toString()}`)}>
            {t('workOrders.previous')}
          </Button>
          <Button type="primary" htmlType="submit" loading={submit.isPending}>
            {t('workOrders.form.submit')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
