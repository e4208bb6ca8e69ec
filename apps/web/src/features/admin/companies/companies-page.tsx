import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { formatSiren, formatVatNumber } from '@vtc/shared/company/company-identifiers';
import { CompanyBody, type CompanyInput } from '@vtc/shared/company/company-schemas';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { formatPhone } from '@vtc/shared/phone/phone-number';
import { formatParisDate } from '@vtc/shared/time/format-paris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { CrudDeleteModal, CrudFormCard, CrudTable } from '../../../components/admin/crud-screen';
import { useCrud } from '../../../components/admin/use-crud';
import { useGlobalLoader } from '../../../components/ui/global-loader';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { showError } from '../../../lib/form-errors';
import { getStoredLanguage } from '../../../lib/language';
import { approveCompany, companiesResource, refuseCompany, type Company } from './companies-api';
import { CompanyMembersModal } from './company-members-modal';
import { CompanyStatementsSection } from './company-statements-section';
import './companies-page.css';

const EMPTY: CompanyInput = {
  legalName: '',
  siren: '',
  vatNumber: '',
  billingAddress: '',
  billingEmails: '',
  paymentTermsDays: '30',
  creditLimit: '',
  purchaseOrderRequired: false,
  costCentres: '',
  discountPercent: '0',
};

const toFormValues = (company: Company): CompanyInput => ({
  legalName: company.legalName,
  siren: company.siren ?? '',
  vatNumber: company.vatNumber ?? '',
  billingAddress: company.billingAddress,
  billingEmails: company.billingEmails.join(', '),
  paymentTermsDays: String(company.paymentTermsDays),
  creditLimit: company.creditLimitCents === null ? '' : String(company.creditLimitCents / 100),
  purchaseOrderRequired: company.purchaseOrderRequired,
  costCentres: company.costCentres.join('\n'),
  discountPercent: String(company.discountPercent),
});

const resolver = zodResolver(CompanyBody);

/** The words of each status, named one by one for the translation check. */
const STATUS_WORDS = {
  requested: 'pages.companies.status.requested',
  active: 'pages.companies.status.active',
  refused: 'pages.companies.status.refused',
} as const;

/**
 * "Clients pro" (decision 0134): company accounts. Visitors' requests wait at the top for the
 * owner to open or refuse them (both mailed); the form creates and edits accounts as the other
 * screens do; "Membres" invites and removes a company's members.
 */
export function CompaniesPage() {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  const crud = useCrud({ resource: companiesResource, resolver, emptyValues: EMPTY, toFormValues });
  const [membersOf, setMembersOf] = useState<Company | null>(null);
  const requests = (crud.list.data ?? []).filter((company) => company.status === 'requested');
  const title = t('pages.companies.title');

  return (
    <div className="admin-page">
      <h1 className="admin-title">{title}</h1>
      <p className="admin-lead">{t('pages.companies.text')}</p>
      {requests.length > 0 ? <CompanyRequests requests={requests} /> : null}
      <CrudFormCard crud={crud} title={{ add: t('pages.companies.formAdd'), edit: t('pages.companies.formEdit') }}>
        <TextField label={t('pages.companies.legalName')} autoComplete="off" required {...crud.field('legalName')} />
        <TextField label={t('pages.companies.siren')} hint={t('pages.companies.sirenHint')} inputMode="numeric" dir="ltr" autoComplete="off" {...crud.field('siren')} />
        <TextField label={t('pages.companies.vatNumber')} dir="ltr" autoComplete="off" {...crud.field('vatNumber')} />
        <TextField label={t('pages.companies.billingAddress')} autoComplete="off" required {...crud.field('billingAddress')} />
        <TextField label={t('pages.companies.billingEmails')} hint={t('pages.companies.billingEmailsHint')} dir="ltr" autoComplete="off" {...crud.field('billingEmails')} />
        <TextField label={t('pages.companies.paymentTerms')} type="number" inputMode="numeric" min={0} max={60} {...crud.field('paymentTermsDays')} />
        <TextField label={t('pages.companies.creditLimit')} hint={t('pages.companies.creditLimitHint')} inputMode="decimal" {...crud.field('creditLimit')} />
        <TextField label={t('pages.companies.discount')} inputMode="decimal" {...crud.field('discountPercent')} />
        <label className="company-field-wide">
          <span className="field-label">{t('pages.companies.costCentres')}</span>
          <textarea className="field-input" rows={3} {...crud.form.register('costCentres')} aria-describedby="cost-centres-hint" />
          <span id="cost-centres-hint" className="field-hint">
            {t('pages.companies.costCentresHint')}
          </span>
        </label>
        <label className="company-check">
          <input type="checkbox" {...crud.form.register('purchaseOrderRequired')} />
          <span>{t('pages.companies.purchaseOrderRequired')}</span>
        </label>
      </CrudFormCard>
      <CrudTable
        crud={crud}
        caption={title}
        rowLabel={(company) => company.legalName}
        columns={[
          {
            key: 'name',
            header: t('pages.companies.legalName'),
            cell: (company) => (
              <>
                {company.legalName}{' '}
                <span className={`status-badge company-status-${company.status}`}>{t(STATUS_WORDS[company.status])}</span>
              </>
            ),
          },
          {
            key: 'identity',
            header: t('pages.companies.identity'),
            cell: (company) => (
              <span dir="ltr">
                {[company.siren && formatSiren(company.siren), company.vatNumber && formatVatNumber(company.vatNumber)].filter(Boolean).join(' · ')}
              </span>
            ),
          },
          {
            key: 'terms',
            header: t('pages.companies.terms'),
            cell: (company) =>
              t('pages.companies.termsValue', {
                days: company.paymentTermsDays,
                limit: company.creditLimitCents === null ? t('pages.companies.noCreditLimit') : formatEuros(company.creditLimitCents, language),
                discount: company.discountPercent,
              }),
          },
          {
            key: 'members',
            header: t('pages.companies.members'),
            cell: (company) =>
              company.status === 'active' ? (
                <button type="button" className="btn btn-small btn-secondary" onClick={() => setMembersOf(company)} aria-label={t('pages.companies.membersOf', { name: company.legalName })}>
                  {t('pages.companies.membersButton', { count: company.memberCount })}
                </button>
              ) : (
                '—'
              ),
          },
        ]}
      />
      <CrudDeleteModal crud={crud} title={t('delete.companies')} itemName={(company) => company.legalName} text={t('pages.companies.deleteText')} />
      <CompanyMembersModal company={membersOf} onClose={() => setMembersOf(null)} />
      <CompanyStatementsSection />
    </div>
  );
}

/** The visitors' requests, each with what to check and Accepter / Refuser. */
function CompanyRequests({ requests }: { requests: Company[] }) {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  const queryClient = useQueryClient();
  const loader = useGlobalLoader();
  const [refusing, setRefusing] = useState<Company | null>(null);
  const [reason, setReason] = useState('');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: companiesResource.key });

  const approve = async (company: Company) => {
    try {
      const answer = await loader.run(() => approveCompany(company.id));
      toast.success(answer.message);
      refresh();
    } catch (error) {
      showError(error);
    }
  };
  const refuse = async () => {
    const company = refusing;
    setRefusing(null);
    if (!company) return;
    try {
      const answer = await loader.run(() => refuseCompany(company.id, reason));
      toast.success(answer.message);
      setReason('');
      refresh();
    } catch (error) {
      showError(error);
    }
  };

  return (
    <section className="card company-requests" aria-labelledby="company-requests-title">
      <h2 id="company-requests-title" className="card-title">
        {t('pages.companies.requests', { count: requests.length })}
      </h2>
      <ul className="company-request-list">
        {requests.map((company) => (
          <li key={company.id} className="company-request-item" aria-label={company.legalName}>
            <div>
              <p className="company-request-name">{company.legalName}</p>
              <p dir="ltr" className="company-request-ids">
                {[company.siren && `SIREN ${formatSiren(company.siren)}`, company.vatNumber && formatVatNumber(company.vatNumber)].filter(Boolean).join(' · ')}
              </p>
              <p>{company.billingAddress}</p>
              {company.contact ? (
                <p>
                  {company.contact.fullName} · <bdi>{company.contact.email}</bdi> · <bdi>{formatPhone(company.contact.phone)}</bdi>
                </p>
              ) : null}
              <p className="company-request-date">{t('pages.companies.requestedOn', { date: formatParisDate(company.createdAt, language, 'medium') })}</p>
            </div>
            <div className="company-request-actions">
              <button type="button" className="btn btn-primary btn-small" onClick={() => void approve(company)}>
                {t('pages.companies.approve')}
              </button>
              <button type="button" className="btn btn-small btn-danger-outline" onClick={() => setRefusing(company)}>
                {t('pages.companies.refuse')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <Modal open={refusing !== null} title={t('pages.companies.refuseTitle', { name: refusing?.legalName ?? '' })} onClose={() => setRefusing(null)}>
        <label className="form">
          <span className="field-label">{t('pages.companies.refuseReason')}</span>
          <textarea className="field-input" rows={3} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} data-autofocus />
        </label>
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setRefusing(null)}>
            {t('actions.cancel')}
          </button>
          <button type="button" className="btn btn-danger" onClick={() => void refuse()}>
            {t('pages.companies.refuse')}
          </button>
        </div>
      </Modal>
    </section>
  );
}
