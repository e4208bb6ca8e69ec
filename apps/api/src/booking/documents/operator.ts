import type { Config } from '../../config.ts';

/** The company's identity as every document prints it (configuration, decision 0080). */
export type Operator = {
  legalName: string;
  address: string;
  phone: string;
  email: string;
  siren: string;
  vtcRegister: string;
  vatNumber: string;
  /** Absent from documents issued before these were printed (their frozen data stays as it was). */
  legalForm?: string;
  shareCapital?: string;
  tradeRegister?: string;
};

export function operatorOf(config: Config): Operator {
  return {
    legalName: config.COMPANY_LEGAL_NAME,
    address: config.COMPANY_ADDRESS,
    phone: config.COMPANY_PHONE,
    email: config.COMPANY_EMAIL,
    siren: config.COMPANY_SIREN,
    vtcRegister: config.COMPANY_VTC_REGISTER,
    vatNumber: config.COMPANY_VAT_NUMBER,
    legalForm: config.COMPANY_LEGAL_FORM,
    shareCapital: config.COMPANY_SHARE_CAPITAL,
    tradeRegister: config.COMPANY_TRADE_REGISTER,
  };
}
