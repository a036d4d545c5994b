import { describe, expect, it } from 'vitest';
import {
  membersAsText,
  tokenpayAmount,
  tokenpaySign,
  tokenpaySignContent,
  tokenpaySigned,
} from './tokenpay-sign';

/** The worked examples of LightCountry/TokenPay Wiki/docs.md, whose ApiToken is `666`. */
const CREATE = {
  OutOrderId: 'AJIHK72N34BR2CWG',
  OrderUserKey: 'admin@qq.com',
  ActualAmount: '15',
  Currency: 'TRX',
  NotifyUrl: 'http://localhost:1011/pay/tokenpay/notify_url',
  RedirectUrl: 'http://localhost:1011/pay/tokenpay/return_url?order_id=AJIHK72N34BR2CWG',
};
const NOTIFY_JSON = `{
  "ActualAmount": "15", "Amount": "34.91", "BaseCurrency": "CNY", "BlockChainName": "TRON",
  "BlockTransactionId": "375859c36dc5f5d227b10912b5ec70d36dd34446028064956cb60cdbb74432f5",
  "Currency": "TRX", "CurrencyName": "TRX", "FromAddress": "TYYjzt6AWhe9hAg9DrhiYXEWKDksyohgQa",
  "Id": "63234df7-55bf-93fc-0010-67be493c0c27", "OutOrderId": "E6COE6FGZMO5AXSK",
  "PayTime": "2022-09-15 16:08:39", "Status": 1, "ToAddress": "TKGTx4pCKiKQbk8evXHTborfZn754TGViP"
}`;

describe('the TokenPay MD5 signature', () => {
  it('signs the documented CreateOrder example (known vector)', () => {
    expect(tokenpaySignContent({ ...CREATE, PassThroughInfo: '' })).toBe(
      'ActualAmount=15&Currency=TRX&NotifyUrl=http://localhost:1011/pay/tokenpay/notify_url&' +
        'OrderUserKey=admin@qq.com&OutOrderId=AJIHK72N34BR2CWG&' +
        'RedirectUrl=http://localhost:1011/pay/tokenpay/return_url?order_id=AJIHK72N34BR2CWG',
    );
    expect(tokenpaySign(CREATE, '666')).toBe('e9765880db6081496456283678e70152');
  });

  it('verifies the documented notification example, its Status a JSON number (known vector)', () => {
    const params = membersAsText(JSON.parse(NOTIFY_JSON))!;
    expect(tokenpaySign(params, '666')).toBe('e5eaa888cd9e80b5c09a0698981757c8');
    expect(tokenpaySigned({ ...params, Signature: 'e5eaa888cd9e80b5c09a0698981757c8' }, '666')).toBe(true);
    expect(tokenpaySigned({ ...params, Signature: 'e5eaa888cd9e80b5c09a0698981757c8' }, '667')).toBe(false);
    expect(
      tokenpaySigned(
        { ...params, ActualAmount: '150', Signature: 'e5eaa888cd9e80b5c09a0698981757c8' },
        '666',
      ),
    ).toBe(false);
    expect(tokenpaySigned(params, '666')).toBe(false);
    // The query example: `Id=…` and the key.
    expect(tokenpaySign({ Id: '66f9d5a8-d9c7-0224-004f-a16a1c068e08' }, '666')).toBe(
      'baa261cc6af3f5efbed15e17a285f653',
    );
  });

  it('reads members as .NET wrote them, and refuses what it cannot', () => {
    expect(membersAsText({ a: 'x', b: 1, c: null })).toEqual({ a: 'x', b: '1', c: '' });
    for (const bad of [{ a: 1.5 }, { a: true }, { a: {} }, { a: [] }, [], 'x', null])
      expect(membersAsText(bad)).toBeNull();
  });

  it('writes ActualAmount the shortest exact way', () => {
    expect([1_500, 1_550, 1_234, 1, 0, 100_000_001].map(tokenpayAmount)).toEqual([
      '15',
      '15.5',
      '12.34',
      '0.01',
      '0',
      '1000000.01',
    ]);
    // What JSON.stringify writes for it is the same text, so what is signed is what is sent.
    for (const cents of [1_234, 1_550, 1, 99_999_999]) {
      const text = tokenpayAmount(cents);
      expect(JSON.stringify(Number(text))).toBe(text);
    }
  });
});
