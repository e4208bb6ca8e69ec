import { InvoiceService, type Invoice } from '@e-invoice-eu/core';
import { splitVat } from '@vtc/shared/pricing/split-vat';
import { parisIsoDate } from '@vtc/shared/time/paris-time';
import { isBusinessDocument, type InvoiceData } from './booking-invoices.ts';
import type { StatementData } from './company-statement-pdf.ts';
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

/** A statement's dates as the Paris days they fall on (a statement issued at 00:10 on the 1st is of the 1st). */
const parisDay = (iso: string) => parisIsoDate(new Date(iso));

/**
 * Each line's amount excluding tax: split line by line, the last line taking the rounding
 * difference, so that the lines add up to the statement's total excluding tax exactly (BR-CO-10).
 */
function lineNetCents(data: StatementData): number[] {
  const nets = data.lines.map((line) => splitVat(line.amountCents, data.vatRatePercent).totalExclTaxCents);
  const drift = data.totalExclTaxCents - nets.reduce((sum, cents) => sum + cents, 0);
  if (nets.length > 0) nets[nets.length - 1]! += drift;
  return nets;
}

/** What a statement line says of its trip: day, route, passenger, reference and cost centre. */
function statementLineName(line: StatementData['lines'][number]): string {
  const words = [`${parisDay(line.date)} ${line.route}`, line.passenger ? `Passager ${line.passenger}` : '', line.reference ? `Réf. ${line.reference}` : '', line.costCentre ? `Centre ${line.costCentre}` : ''];
  return words.filter(Boolean).join(' — ').slice(0, 500);
}

/**
 * A month-end statement (decision 0150) in the library's input form: an invoice (380) to the
 * company, one line per trip (VAT 10 % each), the due date from the payment terms, the buyer's
 * SIREN and VAT number; the trips' purchase order as BT-10 when they share one, and each trip's on
 * its line.
 */
export function statementToEInvoice(data: StatementData): Invoice {
  const money = (key: string, cents: number) => ({ [key]: amount(cents), [`${key}@currencyID`]: 'EUR' });
  const taxCategory = { 'cbc:ID': 'S', 'cbc:Percent': String(data.vatRatePercent), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };
  const buyer = data.buyer;
  const references = [...new Set(data.lines.map((line) => line.reference).filter((reference): reference is string => Boolean(reference)))];
  const buyerReference = references.length === 1 ? references[0] : undefined;
  const nets = lineNetCents(data);
  const last = data.lines.reduce((latest, line) => (line.date > latest ? line.date : latest), data.lines[0]?.date ?? data.issuedAt);
  const first = data.lines.reduce((earliest, line) => (line.date < earliest ? line.date : earliest), last);
  const discount = data.discountPercent ? ` — Remise entreprise −${data.discountPercent} % incluse` : '';
  const invoice = {
    'ubl:Invoice': {
      'cbc:ID': data.number,
      'cbc:IssueDate': parisDay(data.issuedAt),
      'cbc:DueDate': parisDay(data.dueAt),
      'cbc:InvoiceTypeCode': '380',
      'cbc:Note': `Facture mensuelle ${data.month} — ${data.lines.length} course(s)${discount}`,
      'cbc:DocumentCurrencyCode': 'EUR',
      ...(buyerReference ? { 'cbc:BuyerReference': buyerReference.slice(0, 100) } : {}),
      'cac:InvoicePeriod': { 'cbc:StartDate': parisDay(first), 'cbc:EndDate': parisDay(last) },
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cac:PostalAddress': addressOf(data.seller.address, countryOf(data.seller.address, data.seller.vatNumber)),
          'cac:PartyTaxScheme': [{ 'cbc:CompanyID': data.seller.vatNumber, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }],
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': data.seller.legalName, 'cbc:CompanyID': data.seller.siren, 'cbc:CompanyID@schemeID': '0002' },
          'cac:Contact': { 'cbc:Telephone': data.seller.phone, 'cbc:ElectronicMail': data.seller.email },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          'cac:PostalAddress': addressOf(buyer.address, countryOf(buyer.address, buyer.vatNumber)),
          ...(buyer.vatNumber ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': buyer.vatNumber, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } } : {}),
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': buyer.name,
            ...(buyer.siren ? { 'cbc:CompanyID': buyer.siren.slice(0, 9), 'cbc:CompanyID@schemeID': '0002' } : {}),
          },
        },
      },
      'cac:Delivery': { 'cbc:ActualDeliveryDate': parisDay(last) },
      'cac:PaymentMeans': [{ 'cbc:PaymentMeansCode': '30' }],
      'cac:PaymentTerms': { 'cbc:Note': `Paiement à ${data.paymentTermsDays} jours` },
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
        ...money('cbc:PayableAmount', data.totalInclTaxCents),
      },
      'cac:InvoiceLine': data.lines.map((line, index) => ({
        'cbc:ID': String(index + 1),
        ...(line.reference ? { 'cbc:Note': `Réf. ${line.reference}` } : {}),
        'cbc:InvoicedQuantity': '1',
        'cbc:InvoicedQuantity@unitCode': 'C62',
        ...money('cbc:LineExtensionAmount', nets[index]!),
        'cac:InvoicePeriod': { 'cbc:StartDate': parisDay(line.date), 'cbc:EndDate': parisDay(line.date) },
        'cac:Item': { 'cbc:Name': `Transport de personnes (VTC) — réservation ${line.bookingId}`, 'cbc:Description': statementLineName(line), 'cac:ClassifiedTaxCategory': taxCategory },
        'cac:Price': money('cbc:PriceAmount', nets[index]!),
      })),
    },
  };
  return invoice as unknown as Invoice;
}

/** A statement's Factur-X PDF/A-3: our drawing with the CII XML embedded as factur-x.xml (decision 0150). */
export async function statementFacturxPdf(row: { number: string; data: unknown }, pdf: Buffer): Promise<Buffer> {
  const out = await new InvoiceService(quiet).generate(statementToEInvoice(row.data as StatementData), {
    format: FORMAT,
    lang: 'fr',
    pdf: { buffer: new Uint8Array(pdf), filename: `${row.number}.pdf`, mimetype: 'application/pdf' },
    noWarnings: true,
  });
  return Buffer.from(out as Uint8Array);
}

/** A statement's CII XML alone: the same XML its PDF embeds. */
export async function statementFacturxXml(row: { data: unknown }): Promise<string> {
  const out = await new InvoiceService(quiet).generate(statementToEInvoice(row.data as StatementData), { format: 'CII', lang: 'fr', noWarnings: true });
  return typeof out === 'string' ? out : Buffer.from(out).toString('utf8');
}
