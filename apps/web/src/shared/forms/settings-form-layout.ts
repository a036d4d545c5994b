import type { FormProps } from 'antd';

/** The admin settings screens' form layout: labels in a 180 px column, checked as the user types. */
export const settingsFormLayout = {
  layout: 'horizontal',
  labelCol: { flex: '180px' },
  labelWrap: true,
  // Room of its own: a control with a long help line stays beside its label, and moves under
  // it only when less than 320px is left (a phone).
  wrapperCol: { flex: '1 1 320px' },
  validateTrigger: ['onChange', 'onBlur'],
} as const satisfies FormProps;
