import { invoiceBuyerInput, type BuyerType, type InvoiceBuyerValues, type InvoiceState } from '@parking/contract';
import type { FormInstance } from 'antd';

export interface Buyer {
  buyerType: BuyerType;
  buyerTitle: string;
  taxNumber: string;
  email: string;
}
export const emptyBuyer: Buyer = { buyerType: 'personal', buyerTitle: '', taxNumber: '', email: '' };

/**
 * The form's buyer checked by the contract's own rules (a company's tax number and its check
 * character, the email's shape), each refusal shown under its field; undefined when refused.
 */
export const checkedBuyer = async (form: FormInstance<Buyer>): Promise<InvoiceBuyerValues | undefined> => {
  const fields = await form.validateFields().catch(() => undefined);
  if (!fields) return undefined;
  const checked = invoiceBuyerInput.safeParse({ ...fields, taxNumber: fields.buyerType === 'company' ? (fields.taxNumber ?? '') : '' });
  if (checked.success) return checked.data;
  form.setFields(checked.error.issues.map((issue) => ({ name: issue.path[0] as keyof Buyer, errors: [issue.message] })));
  return undefined;
};

/** What the driver's order page calls each state: waiting for staff is 开票中 to the driver as well. */
export const driverInvoiceStateNames: Record<InvoiceState, string> = {
  pending: '开票中',
  issuing: '开票中',
  issued: '已开票',
  failed: '开票失败',
  redPending: '已开票',
  redFlushed: '已红冲',
};
