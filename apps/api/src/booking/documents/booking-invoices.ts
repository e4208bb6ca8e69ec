import type { Language } from '@vtc/shared/i18n/languages';
import { formatSiren, formatVatNumber } from '@vtc/shared/company/company-identifiers';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { splitVat } from '@vtc/shared/pricing/split-vat';
import { formatParisDate, formatParisDateTime } from '@vtc/shared/time/format-paris';
import { getParisParts } from '@vtc/shared/time/paris-time';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { accountOf, findBooking, type BookingWithStops } from '../bookings-repository.ts';
import {
  findInvoiceOfBooking,
  findReceiptOfPayment,
  insertInvoice,
  listDocumentsLeftToCredit,
  takeNumber,
  voucherParties,
  type InvoiceKind,
  type InvoiceRow,
} from './documents-repository.ts';
import { queueEInvoice } from './einvoice-queue.ts';
import { documentI18n, type DocumentCopy } from './document-words.ts';
import { operatorOf, type Operator } from './operator.ts';
import { PdfWriter } from './pdf-writer.ts';
import { hireInvoiceLines, readHireFacts, type HireEndBilled, type HireFacts } from '../hire-end/hire-facts.ts';
import { lineWordsIn } from './document-lines.ts';
import type { InvoiceLine } from '@vtc/shared/booking/booking-responses';
import { formatNumber } from '@vtc/shared/i18n/format-number';
import { ADMIN_ACCESS } from '../booking-access.ts';

/** Each kind is its own gapless series, told apart by its prefix (decision 0088). */
const PREFIX: Record<InvoiceKind, string> = { receipt: 'A', invoice: 'F', credit_note: 'AV' };

/** What a receipt, invoice or credit note shows, frozen when it is issued. */
export type InvoiceData = {
  kind: InvoiceKind;
  number: string;
  issuedAt: string;
  language: Language;
  seller: Operator;
  buyer: { name: string; email: string; phone: string; address: string };
  /**
   * A business customer (decision 0134): the company the document is made out to, frozen from the
   * booking; absent on documents issued before, and for a private customer.
   */
  buyerCompany?: { name: string; address: string; siren: string | null; vatNumber: string | null; purchaseOrder: string | null } | null;
  bookingId: number;
  serviceDate: string;
  route: string;
  vatRatePercent: number;
  totalExclTaxCents: number;
  vatCents: number;
  totalInclTaxCents: number;
  /** On an invoice: what its receipts deduct in all, and the first receipt's number (documents issued before decision 0152 have only this). */
  deposit: { number: string; cents: number } | null;
  /** On an invoice: each receipt it deducts (decision 0152: a receipt per payment, the deposit and each difference paid after a change). */
  deposits?: { number: string; cents: number }[];
  balanceCents: number;
  paidAt: string | null;
  /** On a credit note: the document it cancels. */
  creditOf: { number: string; issuedAt: string } | null;
  /**
   * On a hire's or a tour's invoice (decision 0137): its booked end, and its lines, the service
   * booked, then overtime and extra km with their reason. Absent on a transfer's documents.
   */
  serviceEnd?: string;
  lines?: InvoiceLine[];
  /** A hire's pickup place, and its drop-off place when it has one. */
  pickupPlace?: string;
  dropOffPlace?: string;
};

/** A business customer: one whose document names a company with a SIREN or a VAT number. */
export function isBusinessDocument(data: Pick<InvoiceData, 'buyerCompany'>): boolean {
  const company = data.buyerCompany;
  return Boolean(company && (company.siren || company.vatNumber));
}

type Issue = {
  kind: InvoiceKind;
  totalInclTaxCents: number;
  deposits?: { number: string; cents: number }[];
  paymentId?: number;
  paidAt?: Date | null;
  creditOf?: InvoiceRow;
  vatRatePercent?: number;
  /** A hire's: its facts, and what its end added (null: ended as booked). */
  hire?: { facts: HireFacts; end: HireEndBilled | null };
};

async function issue(tx: DbOrTx, config: Config, booking: BookingWithStops, what: Issue): Promise<InvoiceRow> {
  const now = new Date();
  const year = getParisParts(now).year;
  const sequence = await takeNumber(tx, what.kind, year);
  const number = `${PREFIX[what.kind]}-${year}-${String(sequence).padStart(6, '0')}`;
  const rate = what.vatRatePercent ?? config.VAT_RATE_PERCENT;
  const amounts = splitVat(what.totalInclTaxCents, rate);
  const { user } = await voucherParties(tx, { userId: accountOf(booking), carId: null, driverId: null });
  const buyerName = booking.fullName ?? user?.fullName ?? '';
  const deposits = what.deposits ?? [];
  const depositCents = deposits.reduce((sum, receipt) => sum + receipt.cents, 0);
  const data: InvoiceData = {
    kind: what.kind,
    number,
    issuedAt: now.toISOString(),
    language: booking.language,
    seller: operatorOf(config),
    buyer: {
      name: buyerName,
      email: booking.email ?? user?.email ?? '',
      phone: booking.phone ?? user?.phone ?? '',
      address: [booking.address, booking.city].filter(Boolean).join(', '),
    },
    buyerCompany: booking.billing
      ? {
          name: booking.billing.companyName,
          address: booking.billing.address,
          siren: booking.billing.siren,
          vatNumber: booking.billing.vatNumber,
          purchaseOrder: booking.billing.purchaseOrder ?? null,
        }
      : null,
    bookingId: booking.id,
    serviceDate: booking.pickupAt.toISOString(),
    route: [booking.origin.title, ...booking.stops.map((stop) => stop.title), ...(booking.hasDropOff ? [booking.destination.title] : [])].join(' – '),
    vatRatePercent: rate,
    ...amounts,
    deposit: deposits[0] ? { number: deposits[0].number, cents: depositCents } : null,
    ...(what.deposits ? { deposits } : {}),
    balanceCents: amounts.totalInclTaxCents - depositCents,
    paidAt: what.paidAt ? what.paidAt.toISOString() : null,
    creditOf: what.creditOf ? { number: what.creditOf.number, issuedAt: what.creditOf.issuedAt.toISOString() } : null,
    ...(what.hire
      ? {
          serviceEnd: (booking.endedAt ?? what.hire.facts.endsAt).toISOString(),
          lines: hireInvoiceLines(what.hire.facts, what.totalInclTaxCents, what.hire.end),
          pickupPlace: booking.origin.title,
          ...(booking.hasDropOff ? { dropOffPlace: booking.destination.title } : {}),
        }
      : {}),
  };
  const row = await insertInvoice(tx, {
    kind: what.kind,
    year,
    sequence,
    number,
    bookingId: booking.id,
    // The back office lists a business customer's documents under the company's name.
    customerName: booking.billing?.companyName ?? buyerName,
    language: booking.language,
    ...amounts,
    depositCents,
    vatRateBasisPoints: Math.round(rate * 100),
    creditOf: what.creditOf?.id ?? null,
    paymentId: what.paymentId ?? null,
    data,
    issuedAt: now,
  });
  // A business customer's document goes to the certified platform when there is one (decision 0139).
  if (config.EINVOICE_PLATFORM !== 'none' && isBusinessDocument(data)) await queueEInvoice(tx, row.id);
  return row;
}

async function bookingOf(tx: DbOrTx, bookingId: number): Promise<BookingWithStops> {
  const booking = await findBooking(tx, bookingId, ADMIN_ACCESS);
  if (!booking) throw new Error(`no booking ${bookingId} to issue a document for`);
  return booking;
}

/**
 * The receipt of a payment received before the trip (a deposit invoice, CGI art. 289: a deposit
 * is invoiced when received), issued in the transaction that records the payment: the deposit,
 * then each difference paid after a higher price (decision 0152). One per payment (a unique
 * index backs it): a second call for the same payment returns the first.
 */
export async function issueDepositReceipt(tx: DbOrTx, config: Config, bookingId: number, paidCents: number, paymentId: number): Promise<InvoiceRow> {
  const existing = await findReceiptOfPayment(tx, paymentId);
  if (existing) return existing;
  return issue(tx, config, await bookingOf(tx, bookingId), { kind: 'receipt', totalInclTaxCents: paidCents, paidAt: new Date(), paymentId });
}

/**
 * The invoice of a completed trip, in the completing transaction: the whole price including tax,
 * split into HT and VAT, every receipt deducted for what its credit notes leave of it (decisions 0152, 0162). One per booking (the caller holds the
 * booking's row lock, and a unique index backs it).
 */
export async function issueTripInvoice(tx: DbOrTx, config: Config, bookingId: number, hireEnd: HireEndBilled | null = null): Promise<InvoiceRow> {
  const existing = await findInvoiceOfBooking(tx, bookingId, 'invoice');
  if (existing) return existing;
  const booking = await bookingOf(tx, bookingId);
  // Each receipt for what its credit notes leave of it (decision 0162): a deposit partly given back deducts the rest.
  const receipts = (await listDocumentsLeftToCredit(tx, bookingId)).filter((document) => document.kind === 'receipt');
  const facts = await readHireFacts(tx, booking);
  return issue(tx, config, booking, {
    kind: 'invoice',
    totalInclTaxCents: booking.totalCents ?? 0,
    deposits: receipts.map((receipt) => ({ number: receipt.number, cents: receipt.leftCents })),
    ...(facts ? { hire: { facts, end: hireEnd } } : {}),
  });
}

/**
 * A credit note for each receipt or invoice of the booking not yet credited in full, of what is
 * left of it, at its own VAT rate and with its amounts negated: what a refund after a
 * cancellation needs (an issued document is never edited). With `upToCents` (a company's partial
 * refund, decision 0121) the notes credit that much in all, the oldest document first, and none
 * is issued past it. A document already credited in part by an earlier refund is credited for
 * the rest (decision 0162).
 */
export async function issueCreditNotes(tx: DbOrTx, config: Config, bookingId: number, upToCents?: number): Promise<InvoiceRow[]> {
  const open = await listDocumentsLeftToCredit(tx, bookingId);
  if (open.length === 0) return [];
  const booking = await bookingOf(tx, bookingId);
  const notes: InvoiceRow[] = [];
  let left = upToCents ?? Number.POSITIVE_INFINITY;
  for (const document of open) {
    const credited = Math.min(document.leftCents, left);
    if (credited <= 0) break;
    left -= credited;
    notes.push(
      await issue(tx, config, booking, {
        kind: 'credit_note',
        totalInclTaxCents: -credited,
        creditOf: document,
        vatRatePercent: document.vatRateBasisPoints / 100,
      }),
    );
  }
  return notes;
}

/**
 * The credit note of a refund the company gives later (decision 0157): against the trip's invoice
 * once the trip is invoiced, else against the deposit receipts (oldest first, as a cancellation's).
 * Each refund has its own, a document being credited by several up to its amount (decision
 * 0162); null only when the documents are credited in full already.
 */
export async function issueRefundCreditNote(tx: DbOrTx, config: Config, bookingId: number, cents: number): Promise<InvoiceRow | null> {
  const invoice = await findInvoiceOfBooking(tx, bookingId, 'invoice');
  if (!invoice) return (await issueCreditNotes(tx, config, bookingId, cents))[0] ?? null;
  const open = (await listDocumentsLeftToCredit(tx, bookingId)).find((document) => document.id === invoice.id);
  if (!open) return null;
  return issue(tx, config, await bookingOf(tx, bookingId), {
    kind: 'credit_note',
    totalInclTaxCents: -Math.min(cents, open.leftCents),
    creditOf: open,
    vatRatePercent: open.vatRateBasisPoints / 100,
  });
}

/** The words of each way of paying, on the invoice. */
const PAID_BY = {
  cash: 'settlement.method.cash',
  card_terminal: 'settlement.method.card_terminal',
  transfer: 'settlement.method.transfer',
  stripe: 'settlement.method.stripe',
  paypal: 'settlement.method.paypal',
} as const;

/**
 * How a trip was paid, as its invoice states it (decision 0117): each payment received with its
 * way and day. Read when the PDF is made, not frozen with the invoice: a balance collected after
 * the invoice adds a payment mention (the invoice becomes "acquittée"), never changes an amount.
 */
export type InvoiceSettlement = {
  payments: { kind: 'deposit' | 'balance'; cents: number; method: keyof typeof PAID_BY; at: Date }[];
  dueCents: number;
};

/**
 * A receipt, invoice or credit note as a PDF from its frozen data (and, for an invoice, how it was
 * paid): in French for the company; for the customer in French with their language beneath each
 * French word (decision 0122).
 */
export async function renderInvoicePdf(row: InvoiceRow, copy: DocumentCopy, settlement?: InvoiceSettlement): Promise<Buffer> {
  const data = row.data as InvoiceData;
  const t = documentI18n(copy).getFixedT(data.language, 'document');
  const date = (iso: string) => formatParisDate(iso, 'fr', 'medium');
  const dateTime = (iso: string) => formatParisDateTime(iso, 'fr', 'medium');
  const titles: Record<InvoiceKind, string> = { receipt: t('receipt_title'), invoice: t('invoice_title'), credit_note: t('credit_note_title') };
  const [title = '', ...translated] = titles[data.kind].split('\n');
  const money = (cents: number) => formatEuros(cents, 'fr');
  const rate = formatNumber(data.vatRatePercent, 'fr', { maximumFractionDigits: 2 });
  const pdf = new PdfWriter({ direction: 'ltr', title: `${title} ${data.number}`, issuedAt: row.issuedAt });
  pdf.title([`${title} ${data.number}`, ...translated].join('\n'));
  if (t.bilingual) pdf.note(t('french_binds')).space(4);
  pdf
    .field(t('number'), data.number)
    .field(t('date'), date(data.issuedAt))
    .field(t('booking_ref'), String(data.bookingId));
  if (data.creditOf) pdf.field(t('credit_reason'), t('credit_of', { number: data.creditOf.number, date: date(data.creditOf.issuedAt) }));
  pdf
    .heading(t('seller'))
    .field(t('legal_name'), data.seller.legalName);
  if (data.seller.legalForm) pdf.field(t('legal_form'), data.seller.legalForm);
  if (data.seller.shareCapital) pdf.field(t('share_capital'), data.seller.shareCapital);
  pdf
    .field(t('address'), data.seller.address)
    .field(t('siren'), data.seller.siren);
  if (data.seller.tradeRegister) pdf.field(t('trade_register'), data.seller.tradeRegister);
  pdf
    .field(t('vat_number'), data.seller.vatNumber)
    .field(t('vtc_register'), data.seller.vtcRegister)
    .heading(t('buyer'));
  const company = data.buyerCompany;
  if (company) {
    // B2B mentions (CGI art. 242 nonies A, as amended for e-invoicing): the customer's identity and SIREN, the nature of the operation.
    pdf.field(t('legal_name'), company.name).field(t('address'), company.address);
    if (company.siren) pdf.field(t(company.siren.length === 14 ? 'siret' : 'siren'), formatSiren(company.siren));
    if (company.vatNumber) pdf.field(t('vat_number'), formatVatNumber(company.vatNumber));
    if (data.buyer.name && data.buyer.name !== company.name) pdf.field(t('attention_of'), data.buyer.name);
    pdf.field(t('email'), data.buyer.email || dash);
    if (company.purchaseOrder) pdf.field(t('purchase_order'), company.purchaseOrder);
  } else {
    pdf
      .field(t('customer_name'), data.buyer.name || dash)
      .field(t('address'), data.buyer.address || dash)
      .field(t('email'), data.buyer.email || dash);
  }
  pdf.heading(t('service'));
  if (company) pdf.field(t('operation_nature'), t('operation_services'));
  const [service] = data.lines ?? [];
  const lineWords = lineWordsIn(copy, data.language);
  if (data.kind === 'invoice' && service && data.lines) {
    // A hire's invoice (decision 0137): the service, its dates, then one amount per line with its reason.
    pdf
      .field(t('service'), lineWords(service))
      .field(t('service_date'), dateTime(data.serviceDate))
      .field(t('service_end'), data.serviceEnd ? dateTime(data.serviceEnd) : dash)
      .field(t('pickup_place'), data.pickupPlace ?? data.route);
    if (data.dropOffPlace) pdf.field(t('drop_off_place'), data.dropOffPlace);
    pdf.space();
    for (const line of data.lines) pdf.amount(lineWords(line), money(line.cents));
  } else {
    pdf
      .field(t('service'), data.kind === 'receipt' ? t('deposit_line') : t('service_line'))
      .field(t('service_date'), date(data.serviceDate))
      .field(t('route'), data.route);
  }
  pdf
    .space()
    .amount(t('total_excl_tax'), money(data.totalExclTaxCents))
    .amount(t('vat', { rate }), money(data.vatCents))
    .amount(t('total_incl_tax'), money(data.totalInclTaxCents), true);
  const deducted = data.deposits ?? (data.deposit ? [data.deposit] : []);
  for (const receipt of deducted) pdf.amount(t('deposit_deducted', { number: receipt.number }), money(-receipt.cents));
  if (deducted.length > 0) pdf.amount(t('balance'), money(data.balanceCents), true);
  if (data.paidAt) pdf.space(4).note(t('paid_on', { date: date(data.paidAt) }), 10);
  if (settlement && data.kind === 'invoice') {
    pdf.space(6).heading(t('settlement.heading'));
    for (const payment of settlement.payments) {
      const values = { amount: money(payment.cents), date: date(payment.at.toISOString()), method: t(PAID_BY[payment.method]) };
      pdf.note(t(payment.kind === 'deposit' ? 'settlement.deposit' : 'settlement.balance', values), 10);
    }
    pdf.note(settlement.dueCents > 0 ? t('settlement.due', { amount: money(settlement.dueCents) }) : t('settlement.settled'), 10);
  }
  pdf.space(12).note(t('payment_terms'), 8);
  return pdf.toBuffer();
}

const dash = '—';
