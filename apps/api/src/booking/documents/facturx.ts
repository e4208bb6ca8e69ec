import { InvoiceService, type Invoice } from '@e-invoice-eu/core';
import { isBusinessDocument, type InvoiceData } from './booking-invoices.ts';
import type { InvoiceRow } from './documents-repository.ts';

/**
 * Factur-X (decision 0139): a business customer's receipt, invoice or credit note as the CII XML of
 * the EN 16931 profile, made by @e-invoice-eu/core from the document's frozen data, and the PDF the
 * customer reads turned into a PDF/A-3 carrying it as `factur-x.xml` (the library adds the
 * associated file, the XMP metadata and the output intent to our PDFKit file).
 */

const FORMAT = 'Factur-X-EN16931';

/** Silent: the library logs its warnings through this. */
const quiet = { log: () => {}, warn: () => {}, error: () => {} };

const amount = (cents: number) => (Math.abs(cents) / 100).toFixed(2);
const day = (iso: string) => iso.slice(0, 10);

/** "12 avenue de Verdun, 06000 Nice, France" → street, postcode, city (free text kept whole when it does not parse). */
function addressOf(text: string, country: string) {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .filter((part, index, all) => !(index === all.length - 1 && /^(france|monaco)$/i.test(part) && all.length > 1));
  const cityIndex = parts.findLastIndex((part) => /^\d{4,5}\s+\S/.test(part));
  const city = cityIndex >= 0 ? /^(\d{4,5})\s+(.+)$/.exec(parts[cityIndex]!) : null;
  const street = parts.filter((_, index) => index !== cityIndex).join(', ');
  return {
    'cbc:StreetName': street || text,
    'cbc:CityName': city?.[2] ?? (parts.at(-1) || text),
    ...(city ? { 'cbc:PostalZone': city[1]! } : {}),
    'cac:Country': { 'cbc:IdentificationCode': country },
  };
}

/** The country of an address: Monaco by its postcode, else the VAT number's prefix (EL is Greece), else France. */
function countryOf(address: string, vatNumber: string | null | undefined): string {
  if (/\b980\d\d\b/.test(address) || /monaco/i.test(address)) return 'MC';
  const prefix = vatNumber?.slice(0, 2).toUpperCase();
  if (prefix && /^[A-Z]{2}$/.test(prefix)) return prefix === 'EL' ? 'GR' : prefix;
  return 'FR';
}

/** BT-3: 386 a prepayment (deposit) invoice, 380 an invoice, 381 a credit note. */
const TYPE_CODE = { receipt: '386', invoice: '380', credit_note: '381' } as const;

/** The document in the library's input form (EN 16931 semantics in UBL names), from its frozen data. */
export function toEInvoice(data: InvoiceData): Invoice {
  const company = data.buyerCompany!;
  const money = (key: string, cents: number) => ({ [key]: amount(cents), [`${key}@currencyID`]: 'EUR' });
  const rate = String(data.vatRatePercent);
  const taxCategory = { 'cbc:ID': 'S', 'cbc:Percent': rate, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };
  const sellerCountry = countryOf(data.seller.address, data.seller.vatNumber);
  const buyerCountry = countryOf(company.address, company.vatNumber);
  const prepaid = data.deposit?.cents ?? 0;
  const line = data.kind === 'receipt' ? 'Acompte — transport de personnes (VTC)' : 'Transport de personnes (VTC)';
  const invoice = {
    'ubl:Invoice': {
      'cbc:ID': data.number,
      'cbc:IssueDate': day(data.issuedAt),
      'cbc:InvoiceTypeCode': TYPE_CODE[data.kind],
      // The credited document named in the note as well: @e-invoice-eu/core 2.3.4 does not carry BT-25 into the CII (decision 0139).
      'cbc:Note': `${data.creditOf ? `Avoir de ${data.creditOf.number} — ` : ''}Réservation ${data.bookingId} — ${data.route}`,
      'cbc:DocumentCurrencyCode': 'EUR',
      // BT-10: the buyer's reference (its purchase order), which the EN 16931 profile keeps (the library drops BT-13 from it).
      ...(company.purchaseOrder ? { 'cbc:BuyerReference': company.purchaseOrder } : {}),
      ...(data.creditOf
        ? { 'cac:BillingReference': [{ 'cac:InvoiceDocumentReference': { 'cbc:ID': data.creditOf.number, 'cbc:IssueDate': day(data.creditOf.issuedAt) } }] }
        : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cac:PostalAddress': addressOf(data.seller.address, sellerCountry),
          'cac:PartyTaxScheme': [{ 'cbc:CompanyID': data.seller.vatNumber, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }],
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': data.seller.legalName, 'cbc:CompanyID': data.seller.siren, 'cbc:CompanyID@schemeID': '0002' },
          'cac:Contact': { 'cbc:Telephone': data.seller.phone, 'cbc:ElectronicMail': data.seller.email },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          'cac:PostalAddress': addressOf(company.address, buyerCountry),
          ...(company.vatNumber ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': company.vatNumber, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } } : {}),
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': company.name,
            ...(company.siren ? { 'cbc:CompanyID': company.siren.slice(0, 9), 'cbc:CompanyID@schemeID': '0002' } : {}),
          },
          ...(data.buyer.email ? { 'cac:Contact': { 'cbc:Name': data.buyer.name || company.name, 'cbc:ElectronicMail': data.buyer.email } } : {}),
        },
      },
      'cac:Delivery': { 'cbc:ActualDeliveryDate': day(data.serviceDate) },
      'cac:TaxTotal': [
        {
          ...money('cbc:TaxAmount', data.vatCents),
          'cac:TaxSubtotal': [{ ...money('cbc:TaxableAmount', data.totalExclTaxCents), ...money('cbc:TaxAmount', data.vatCents), 'cac:TaxCategory': taxCategory }],
        },
      ],
      'cac:LegalMonetaryTotal': {
        ...money('cbc:LineExtensionAmount', data.totalExclTaxCents),
        ...money('cbc:TaxExclusiveAmount', data.totalExclTaxCents),
        ...money('cbc:TaxInclusiveAmount', data.totalInclTaxCents),
        ...(prepaid ? money('cbc:PrepaidAmount', prepaid) : {}),
        ...money('cbc:PayableAmount', data.kind === 'invoice' ? data.balanceCents : data.totalInclTaxCents),
      },
      'cac:InvoiceLine': [
        {
          'cbc:ID': '1',
          'cbc:InvoicedQuantity': '1',
          'cbc:InvoicedQuantity@unitCode': 'C62',
          ...money('cbc:LineExtensionAmount', data.totalExclTaxCents),
          'cac:Item': { 'cbc:Name': line, 'cac:ClassifiedTaxCategory': taxCategory },
          'cac:Price': money('cbc:PriceAmount', data.totalExclTaxCents),
        },
      ],
    },
  };
  return invoice as unknown as Invoice;
}

/** The Factur-X PDF/A-3: `pdf` (the document as we draw it) with the CII XML embedded as factur-x.xml. */
export async function facturxPdf(row: InvoiceRow, pdf: Buffer): Promise<Buffer> {
  const data = row.data as InvoiceData;
  if (!isBusinessDocument(data)) return pdf;
  const out = await new InvoiceService(quiet).generate(toEInvoice(data), {
    format: FORMAT,
    lang: 'fr',
    pdf: { buffer: new Uint8Array(pdf), filename: `${row.number}.pdf`, mimetype: 'application/pdf' },
    noWarnings: true,
  });
  return Buffer.from(out as Uint8Array);
}

/**
 * The CII XML alone (`GET /api/invoice/facturx/{id}`, and what the platform receives without a
 * PDF): the library's CII syntax with the EN 16931 guideline, the same XML the PDF embeds.
 */
export async function facturxXml(row: InvoiceRow): Promise<string> {
  const out = await new InvoiceService(quiet).generate(toEInvoice(row.data as InvoiceData), { format: 'CII', lang: 'fr', noWarnings: true });
  return typeof out === 'string' ? out : Buffer.from(out).toString('utf8');
}
