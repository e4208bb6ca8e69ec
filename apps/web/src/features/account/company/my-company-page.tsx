import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { formatSiren, formatVatNumber } from '@vtc/shared/company/company-identifiers';
import { COMPANY_ROLES } from '@vtc/shared/company/company-roles';
import { CompanyMemberBody, type CompanyMemberInput } from '@vtc/shared/company/company-schemas';
import type { CompanyBookingItem, CompanyMemberItem, CompanyStatementItem } from '@vtc/shared/company/company-responses';
import type { Language } from '@vtc/shared/i18n/languages';
import { formatPrice } from '@vtc/shared/pricing/format-euros';
import { formatParisDate, formatParisDateTime } from '@vtc/shared/time/format-paris';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { useGlobalLoader } from '../../../components/ui/global-loader';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-fetch';
import { showError, showFormError } from '../../../lib/form-errors';
import { getSession } from '../../../lib/auth-session';
import {
  addMember,
  cancelInvitation,
  captureCompanyInvoice,
  COMPANY_INVOICES_KEY,
  downloadCompanyInvoice,
  MY_COMPANY_KEY,
  payCompanyInvoice,
  removeMember,
  useCompanyBookings,
  useCompanyInvoices,
  useMyCompany,
  type MyCompany,
} from './my-company-api';
import './my-company-page.css';

/** What the reader may do, by their role, named one by one for the translation check. */
const ROLE_INTRO = { admin: 'mine.roleIntro.admin', booker: 'mine.roleIntro.booker' } as const;

/**
 * /account/company, "Mon entreprise" (decision 0134): the company account the signed-in member
 * books for, its members, and the bookings made for it. Its admins invite and remove members and
 * see every booking, filtered by booker; a booker sees their own.
 */
export function MyCompanyPage() {
  const { t } = useTranslation('company');
  const company = useMyCompany();
  return (
    <section className="page-section">
      <div className="container my-company">
        {company.isPending ? (
          <Spinner label={t('mine.loading')} />
        ) : company.isError ? (
          <div className="card my-company-none">
            <h1 className="page-title">{t('mine.title')}</h1>
            <p role="alert">{company.error instanceof ApiError && company.error.status === 403 ? t('mine.none') : company.error.message}</p>
            <Link className="btn btn-primary" to="/prof">
              {t('mine.discover')}
            </Link>
          </div>
        ) : (
          <CompanyView company={company.data} />
        )}
      </div>
    </section>
  );
}

function CompanyView({ company }: { company: MyCompany }) {
  const { t } = useTranslation('company');
  const admin = company.role === 'admin';
  return (
    <>
      <p className="page-kicker-dark">{t('mine.title')}</p>
      <h1 className="page-title">{company.legalName}</h1>
      <p className="page-lead">{t(ROLE_INTRO[company.role])}</p>
      <dl className="my-company-identity card">
        {company.siren ? (
          <div>
            <dt>{t('fields.siren')}</dt>
            <dd dir="ltr">{formatSiren(company.siren)}</dd>
          </div>
        ) : null}
        {company.vatNumber ? (
          <div>
            <dt>{t('fields.vatNumber')}</dt>
            <dd dir="ltr">{formatVatNumber(company.vatNumber)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('fields.billingAddress')}</dt>
          <dd>{company.billingAddress}</dd>
        </div>
        <div>
          <dt>{t('fields.paymentTerms')}</dt>
          <dd>{t('mine.paymentTermsValue', { count: company.paymentTermsDays })}</dd>
        </div>
      </dl>
      <MembersSection company={company} />
      {admin ? <InviteForm /> : null}
      {admin && company.invitations.length > 0 ? <InvitationsSection company={company} /> : null}
      <BookingsSection company={company} />
      <InvoicesSection />
    </>
  );
}

function MembersSection({ company }: { company: MyCompany }) {
  const { t, i18n } = useTranslation('company');
  const language = i18n.language as Language;
  const queryClient = useQueryClient();
  const loader = useGlobalLoader();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState<CompanyMemberItem | null>(null);
  const me = getSession().user?.email;
  const admin = company.role === 'admin';

  const confirm = async () => {
    const member = leaving;
    setLeaving(null);
    if (!member) return;
    try {
      const answer = await loader.run(() => removeMember(member.userId));
      toast.success(answer.message);
      if (member.email === me) navigate('/account');
      void queryClient.invalidateQueries({ queryKey: ['company'] });
    } catch (error) {
      showError(error);
    }
  };

  const columns: Column<CompanyMemberItem>[] = [
    { key: 'name', header: t('mine.members.name'), cell: (member) => member.fullName },
    { key: 'email', header: t('mine.members.email'), cell: (member) => <bdi>{member.email}</bdi> },
    { key: 'role', header: t('mine.members.role'), cell: (member) => t(`roles.${member.role}`) },
    { key: 'joined', header: t('mine.members.joined'), cell: (member) => formatParisDate(member.joinedAt, language, 'medium') },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('mine.members.actions')}</span>,
      className: 'cell-action',
      cell: (member) =>
        member.email === me ? (
          <button type="button" className="btn btn-small btn-secondary" onClick={() => setLeaving(member)}>
            {t('mine.members.leave')}
          </button>
        ) : admin ? (
          <button
            type="button"
            className="btn btn-small btn-danger-outline"
            aria-label={t('mine.members.removeNamed', { name: member.fullName })}
            onClick={() => setLeaving(member)}
          >
            {t('mine.members.remove')}
          </button>
        ) : null,
    },
  ];
  const self = leaving?.email === me;
  return (
    <section className="my-company-section" aria-labelledby="company-members">
      <h2 id="company-members" className="section-title">
        {t('mine.members.title')}
      </h2>
      <DataTable caption={t('mine.members.title')} columns={columns} rows={company.members} isPending={false} getRowId={(member) => member.userId} />
      <ConfirmModal
        open={leaving !== null}
        title={self ? t('mine.members.leaveTitle') : t('mine.members.removeTitle', { name: leaving?.fullName ?? '' })}
        text={self ? t('mine.members.leaveText') : t('mine.members.removeText')}
        confirmLabel={self ? t('mine.members.leave') : t('mine.members.remove')}
        cancelLabel={t('mine.cancel')}
        onConfirm={() => void confirm()}
        onCancel={() => setLeaving(null)}
      />
    </section>
  );
}

const INVITE_EMPTY: CompanyMemberInput = { email: '', role: 'booker' };

function InviteForm() {
  const { t } = useTranslation('company');
  const queryClient = useQueryClient();
  const loader = useGlobalLoader();
  const form = useForm<CompanyMemberInput, unknown, CompanyMemberBody>({ resolver: zodResolver(CompanyMemberBody), defaultValues: INVITE_EMPTY });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await loader.run(() => addMember({ email: values.email, role: values.role }));
      toast.success(answer.message);
      form.reset(INVITE_EMPTY);
      void queryClient.invalidateQueries({ queryKey: MY_COMPANY_KEY });
    } catch (error) {
      showFormError(error, form.setError, ['email', 'role']);
    }
  });
  return (
    <section className="card my-company-section" aria-labelledby="company-invite">
      <h2 id="company-invite" className="card-title">
        {t('mine.invite.title')}
      </h2>
      <p className="form-note">{t('mine.invite.text')}</p>
      <form className="form my-company-invite" onSubmit={onSubmit} noValidate aria-labelledby="company-invite">
        <TextField label={t('fields.email')} type="email" autoComplete="off" dir="ltr" required error={errors.email} {...form.register('email')} />
        <SelectField
          label={t('mine.invite.role')}
          options={COMPANY_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          error={errors.role}
          {...form.register('role')}
        />
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {t('mine.invite.submit')}
        </button>
      </form>
    </section>
  );
}

function InvitationsSection({ company }: { company: MyCompany }) {
  const { t, i18n } = useTranslation('company');
  const language = i18n.language as Language;
  const queryClient = useQueryClient();
  const loader = useGlobalLoader();
  const withdraw = async (id: number) => {
    try {
      const answer = await loader.run(() => cancelInvitation(id));
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: MY_COMPANY_KEY });
    } catch (error) {
      showError(error);
    }
  };
  return (
    <section className="my-company-section" aria-labelledby="company-invitations">
      <h2 id="company-invitations" className="section-title">
        {t('mine.invitations.title')}
      </h2>
      <ul className="my-company-invitations">
        {company.invitations.map((invitation) => (
          <li key={invitation.id} className="card">
            <span>
              <bdi>{invitation.email}</bdi> · {t(`roles.${invitation.role}`)} ·{' '}
              {t('mine.invitations.until', { date: formatParisDate(invitation.expiresAt, language, 'medium') })}
            </span>
            <button type="button" className="btn btn-small btn-secondary" onClick={() => void withdraw(invitation.id)}>
              {t('mine.invitations.cancel')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function BookingsSection({ company }: { company: MyCompany }) {
  const { t, i18n } = useTranslation('company');
  const language = i18n.language as Language;
  const admin = company.role === 'admin';
  const [booker, setBooker] = useState<number | undefined>(undefined);
  const [passenger, setPassenger] = useState('');
  const [costCentre, setCostCentre] = useState('');
  // The list follows the typing without asking the API at every key.
  const passengerQuery = useDeferredValue(passenger.trim());
  const bookings = useCompanyBookings({
    booker: admin ? booker : undefined,
    passenger: passengerQuery === '' ? undefined : passengerQuery,
    costCentre: costCentre === '' ? undefined : costCentre,
  });
  const columns: Column<CompanyBookingItem>[] = [
    { key: 'id', header: t('mine.bookings.number'), cell: (row) => row.id, className: 'cell-number' },
    { key: 'pickup', header: t('mine.bookings.pickup'), cell: (row) => formatParisDateTime(row.pickupAt, language, 'medium') },
    {
      key: 'route',
      header: t('mine.bookings.route'),
      cell: (row) => (
        <>
          <bdi>{row.origin}</bdi> {language === 'ar' ? '←' : '→'} <bdi>{row.destination}</bdi>
        </>
      ),
    },
    { key: 'passenger', header: t('mine.bookings.passenger'), cell: (row) => row.passengerName ?? '—' },
    { key: 'booker', header: t('mine.bookings.booker'), cell: (row) => row.booker.fullName },
    { key: 'reference', header: t('mine.bookings.reference'), cell: (row) => row.purchaseOrder ?? '—' },
    { key: 'costCentre', header: t('mine.bookings.costCentre'), cell: (row) => row.costCentre ?? '—' },
    { key: 'amount', header: t('mine.bookings.amount'), cell: (row) => (row.totalCents === null ? '—' : formatPrice(row.totalCents, language)), className: 'cell-number' },
    { key: 'status', header: t('mine.bookings.status'), cell: (row) => t(`auth:bookings.status.${row.status}`) },
  ];
  return (
    <section className="my-company-section" aria-labelledby="company-bookings">
      <h2 id="company-bookings" className="section-title">
        {admin ? t('mine.bookings.title') : t('mine.bookings.mine')}
      </h2>
      {admin ? (
        <SelectField
          className="my-company-filter"
          label={t('mine.bookings.filter')}
          placeholder={t('mine.bookings.everyone')}
          options={company.members.map((member) => ({ value: member.userId, label: member.fullName }))}
          value={booker ?? ''}
          onChange={(event) => setBooker(event.target.value === '' ? undefined : Number(event.target.value))}
        />
      ) : null}
      <div className="my-company-filters">
        <TextField
          className="my-company-filter"
          label={t('mine.bookings.passengerFilter')}
          type="search"
          autoComplete="off"
          value={passenger}
          onChange={(event) => setPassenger(event.target.value)}
        />
        {company.costCentres.length > 0 ? (
          <SelectField
            className="my-company-filter"
            label={t('mine.bookings.costCentre')}
            placeholder={t('mine.bookings.allCostCentres')}
            options={company.costCentres.map((centre) => ({ value: centre, label: centre }))}
            value={costCentre}
            onChange={(event) => setCostCentre(event.target.value)}
          />
        ) : null}
      </div>
      <DataTable
        caption={t('mine.bookings.title')}
        columns={columns}
        rows={bookings.rows}
        isPending={bookings.isPending}
        error={bookings.error}
        getRowId={(row) => row.id}
        emptyLabel={t('mine.bookings.empty')}
      />
      <LoadMoreButton
        label={t('mine.bookings.more')}
        loadingLabel={t('mine.loading')}
        hasMore={bookings.hasNextPage}
        loading={bookings.isFetchingNextPage}
        onLoad={() => void bookings.fetchNextPage()}
      />
    </section>
  );
}


/**
 * Back from the provider's page (decision 0150): `?paid=<id>` after Stripe, whose webhook marks
 * the invoice paid (the list is read again until it says so); `?statement=<id>&method=paypal&token=<order>`
 * after PayPal, whose order is captured here once.
 */
function usePaymentReturn(): number | undefined {
  const { t } = useTranslation('company');
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const handled = useRef(false);
  const paid = Number(params.get('paid') ?? params.get('statement')) || undefined;
  useEffect(() => {
    if (handled.current || paid === undefined) return;
    handled.current = true;
    const order = params.get('method') === 'paypal' ? params.get('token') : null;
    const done = order ? captureCompanyInvoice(paid, order).then(() => undefined) : Promise.resolve();
    void done
      .then(() => {
        toast.success(t('mine.invoices.thanks'));
        setParams({}, { replace: true });
        return queryClient.invalidateQueries({ queryKey: COMPANY_INVOICES_KEY });
      })
      .catch(showError);
  }, [paid, params, queryClient, setParams, t]);
  return paid;
}

/** The company's monthly invoices (decisions 0142, 0150): number, month, amount, due date, whether paid or overdue, the PDF; an admin pays one by card or PayPal. */
function InvoicesSection() {
  const { t, i18n } = useTranslation('company');
  const language = i18n.language as Language;
  const awaiting = usePaymentReturn();
  const invoices = useCompanyInvoices(awaiting);
  const statusOf = (row: CompanyStatementItem) =>
    row.paidAt
      ? row.paidMethod === 'stripe'
        ? t('mine.invoices.paidByCard', { date: formatParisDate(row.paidAt, language, 'medium') })
        : row.paidMethod === 'paypal'
          ? t('mine.invoices.paidByPaypal', { date: formatParisDate(row.paidAt, language, 'medium') })
          : t('mine.invoices.paid', { date: formatParisDate(row.paidAt, language, 'medium') })
      : row.overdue
        ? t('mine.invoices.overdue')
        : t('mine.invoices.open');
  const pay = (row: CompanyStatementItem, provider: 'stripe' | 'paypal') => void payCompanyInvoice(row.id, provider).catch(showError);
  const columns: Column<CompanyStatementItem>[] = [
    { key: 'number', header: t('mine.invoices.number'), cell: (row) => <bdi>{row.number}</bdi> },
    { key: 'month', header: t('mine.invoices.month'), cell: (row) => <bdi>{row.month}</bdi> },
    { key: 'trips', header: t('mine.invoices.trips'), cell: (row) => row.trips, className: 'cell-number' },
    { key: 'amount', header: t('mine.invoices.amount'), cell: (row) => formatPrice(row.totalInclTaxCents, language), className: 'cell-number' },
    { key: 'due', header: t('mine.invoices.due'), cell: (row) => formatParisDate(row.dueAt, language, 'medium') },
    { key: 'status', header: t('mine.invoices.status'), cell: statusOf },
    {
      key: 'pdf',
      header: t('mine.invoices.pdf'),
      cell: (row) => (
        <span className="my-company-invoice-actions">
          <button type="button" className="btn btn-ghost" onClick={() => void downloadCompanyInvoice(row.id, row.number).catch(showError)}>
            {t('mine.invoices.download')}
          </button>
          {row.payWith.includes('stripe') ? (
            <button type="button" className="btn btn-primary btn-small" onClick={() => pay(row, 'stripe')} aria-label={t('mine.invoices.payLabel', { number: row.number })}>
              {t('mine.invoices.pay')}
            </button>
          ) : null}
          {row.payWith.includes('paypal') ? (
            <button type="button" className="btn btn-outline btn-small" onClick={() => pay(row, 'paypal')} aria-label={t('mine.invoices.payPaypalLabel', { number: row.number })}>
              {t('mine.invoices.payPaypal')}
            </button>
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <section className="my-company-section" aria-labelledby="company-invoices">
      <h2 id="company-invoices" className="section-title">
        {t('mine.invoices.title')}
      </h2>
      <DataTable
        caption={t('mine.invoices.title')}
        columns={columns}
        rows={invoices.data ?? []}
        isPending={invoices.isPending}
        error={invoices.error}
        getRowId={(row) => row.id}
        emptyLabel={t('mine.invoices.empty')}
      />
    </section>
  );
}
