import type { MessageCatalogue } from '../i18n/error-messages.ts';

/**
 * The words of the company identifiers' errors (decision 0134). `company-schemas.ts` adds them to
 * the message catalogue when the company forms or the API load it, not with the home page
 * (decision 0143).
 */
export const companyMessages = {
  fr: {
    siren_length: 'Un SIREN compte 9 chiffres, un SIRET 14',
    siren_checksum: 'Ce SIREN ou SIRET est erroné : vérifiez les chiffres',
    vat_number_invalid: 'Numéro de TVA invalide : code pays de l’UE puis le numéro (ex. FR 40 303265045)',
    vat_number_key_invalid: 'La clé de ce numéro de TVA ne correspond pas au SIREN qu’il contient',
    vat_siren_mismatch: 'Ce numéro de TVA ne correspond pas au SIREN indiqué',
    company_id_required: 'Indiquez le SIREN ou le numéro de TVA',
    percent_invalid: 'Pourcentage invalide (0 à 100, 2 décimales au maximum)',
  },
  en: {
    siren_length: 'A SIREN has 9 digits, a SIRET 14',
    siren_checksum: 'This SIREN or SIRET is wrong: check the digits',
    vat_number_invalid: 'Invalid VAT number: EU country code, then the number (e.g. FR 40 303265045)',
    vat_number_key_invalid: 'The key of this VAT number does not match the SIREN it holds',
    vat_siren_mismatch: 'This VAT number does not match the SIREN given',
    company_id_required: 'Give the SIREN or the VAT number',
    percent_invalid: 'Invalid percentage (0 to 100, 2 decimals at most)',
  },
  ar: {
    siren_length: 'يتكوّن رقم SIREN من 9 أرقام ورقم SIRET من 14 رقمًا',
    siren_checksum: 'رقم SIREN أو SIRET هذا غير صحيح: تحقق من الأرقام',
    vat_number_invalid: 'رقم ضريبة القيمة المضافة غير صالح: رمز دولة في الاتحاد الأوروبي ثم الرقم (مثال FR 40 303265045)',
    vat_number_key_invalid: 'مفتاح رقم ضريبة القيمة المضافة هذا لا يطابق رقم SIREN الذي يتضمنه',
    vat_siren_mismatch: 'رقم ضريبة القيمة المضافة هذا لا يطابق رقم SIREN المذكور',
    company_id_required: 'أدخل رقم SIREN أو رقم ضريبة القيمة المضافة',
    percent_invalid: 'نسبة غير صالحة (من 0 إلى 100، بحد أقصى منزلتين عشريتين)',
  },
} satisfies MessageCatalogue;
