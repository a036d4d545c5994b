import { PlusOutlined } from '@ant-design/icons';
import {
  WORK_ORDER_IMAGE_ACCEPT,
  WORK_ORDER_IMAGE_BYTES,
  WORK_ORDER_IMAGE_LIMIT,
  WORK_ORDER_IMAGE_TYPES,
} from '@nimbus/contract';
import { Form, Upload, type UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';

/** The chosen files of an ImageUploadField's value. */
export const filesOf = (list: UploadFile[] | undefined): File[] =>
  (list ?? []).flatMap((item) => (item.originFileObj ? [item.originFileObj as File] : []));

const EXTENSION = /\.(png|jpe?g|gif|svg)$/i;

/**
 * Up to 9 images of at most 1 MB (spec §5), chosen here and sent with the form (nothing is
 * uploaded before the form is). The server checks the bytes again; this only spares a round trip.
 */
export function ImageUploadField({ name = 'images' }: { name?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={t('workOrders.form.images')}
      extra={t('workOrders.form.imagesHelp', { max: WORK_ORDER_IMAGE_LIMIT })}
      valuePropName="fileList"
      getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList}
      rules={[
        {
          validator: async (_rule, list: UploadFile[] | undefined) => {
            const files = filesOf(list);
            if (files.length > WORK_ORDER_IMAGE_LIMIT)
              throw new Error(t('workOrder.imageTooMany', { max: WORK_ORDER_IMAGE_LIMIT }));
            const wrongType = files.find(
              (f) =>
                !(WORK_ORDER_IMAGE_TYPES as readonly string[]).includes(f.type) && !EXTENSION.test(f.name),
            );
            if (wrongType) throw new Error(t('workOrder.imageType', { name: wrongType.name }));
            const tooLarge = files.find((f) => f.size > WORK_ORDER_IMAGE_BYTES);
            if (tooLarge) throw new Error(t('workOrder.imageTooLarge', { name: tooLarge.name }));
          },
        },
      ]}
    >
      <Upload
        listType="picture-card"
        accept={WORK_ORDER_IMAGE_ACCEPT}
        multiple
        maxCount={WORK_ORDER_IMAGE_LIMIT}
        beforeUpload={() => false}
      >
        <button type="button" style={{ border: 0, background: 'none', color: 'inherit', cursor: 'pointer' }}>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{t('workOrders.form.addImage')}</div>
        </button>
      </Upload>
    </Form.Item>
  );
}
