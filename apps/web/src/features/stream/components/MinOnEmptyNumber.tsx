import { InputNumber, type InputNumberProps } from 'antd';

type MinOnEmptyNumberProps = Omit<InputNumberProps<number>, 'value' | 'onChange' | 'min' | 'max'> & {
  min: number;
  max: number;
  value?: number | null;
  onChange?: (value: number | null) => void;
};

/** Spec §5 number inputs: emptied, the value goes back to its minimum when the field is left. */
export function MinOnEmptyNumber({ value, onChange, min, max, onBlur, ...rest }: MinOnEmptyNumberProps) {
  return (
    <InputNumber<number>
      {...rest}
      min={min}
      max={max}
      precision={0}
      value={value}
      onChange={(v) => onChange?.(v)}
      onBlur={(event) => {
        if (value === null || value === undefined) onChange?.(min);
        onBlur?.(event);
      }}
    />
  );
}
