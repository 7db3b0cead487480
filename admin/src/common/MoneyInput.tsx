// Money typed by staff, read the Bulgarian way: "29,90" and "29.90" both save 29.9; anything it
// cannot read for certain ("29,999", "abc", "1.299,90") is refused with a Bulgarian error instead
// of guessed. Built on TextInput, not NumberInput: a number input in a Bulgarian browser turns
// "29,90" into 2990. The shop's currency (or the amount's own) is shown beside the field.
import { InputAdornment } from '@mui/material';
import { useRef } from 'react';
import { TextInput, type TextInputProps, type Validator } from 'react-admin';
import { parseMoneyInput, type Currency } from '@domain/money';
import { FORM } from '@domain/messages';
import { CURRENCY_SIGN, useShopMoney } from './shopCurrency';

/** 29.9 → "29,90", as a Bulgarian would type it. */
export function moneyText(value: number): string {
  return value.toFixed(2).replace('.', ',');
}

/** Refuses what the input could not read (kept as text so that it can be shown and corrected). */
export const readableMoney: Validator = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? FORM.invalidMoney : undefined;

/** `currency`: the amount's own, when it is not the shop's (money received is in euro). */
export function MoneyInput({ validate, slotProps, currency: own, ...props }: TextInputProps & { currency?: Currency }) {
  const shop = useShopMoney();
  const currency = own ?? shop.currency;
  // What the person typed, shown as typed while it reads as the stored value ("29,9" stays "29,9").
  const typed = useRef<string | null>(null);
  const format = (value: unknown) => {
    if (value === null || value === undefined || value === '')
      return typed.current !== null && parseMoneyInput(typed.current) === null && typed.current.trim() === '' ? typed.current : '';
    if (typeof value === 'string') return value;
    if (typeof value === 'number')
      return typed.current !== null && parseMoneyInput(typed.current) === value ? typed.current : moneyText(value);
    return String(value);
  };
  const parse = (text: string) => {
    typed.current = text;
    if (text.trim() === '') return null;
    return parseMoneyInput(text) ?? text;
  };
  const validators = [readableMoney, ...(Array.isArray(validate) ? validate : validate ? [validate] : [])];
  return (
    <TextInput
      {...props}
      format={format}
      parse={parse}
      validate={validators}
      slotProps={{
        ...slotProps,
        input: {
          endAdornment: <InputAdornment position="end">{CURRENCY_SIGN[currency]}</InputAdornment>,
          ...(slotProps?.input as object | undefined),
        },
        htmlInput: { inputMode: 'decimal', ...(slotProps?.htmlInput as object | undefined) },
      }}
    />
  );
}
