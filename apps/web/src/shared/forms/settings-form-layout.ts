import type { FormProps } from 'antd';

/** The admin settings screens' form layout: labels in a 180 px column, checked as the user types. */
export const settingsFormLayout = {
  layout: 'horizontal',
  labelCol: { flex: '180px' },
  labelWrap: true,
  wrapperCol: { flex: 1 },
  validateTrigger: ['onChange', 'onBlur'],
} as const satisfies FormProps;
