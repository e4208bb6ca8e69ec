import { useQueryClient } from '@tanstack/react-query';
import { COMPANY_ROLES, type CompanyRoleName } from '@vtc/shared/company/company-roles';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useGlobalLoader } from '../../../components/ui/global-loader';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { showError } from '../../../lib/form-errors';
import {
  addCompanyMember,
  cancelCompanyInvitation,
  companiesResource,
  companyDetailsKey,
  removeCompanyMember,
  useCompanyDetails,
  type Company,
} from './companies-api';

/** A company's members and open invitations; the owner invites by e-mail with a role and removes. */
export function CompanyMembersModal({ company, onClose }: { company: Company | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const loader = useGlobalLoader();
  const details = useCompanyDetails(company?.id ?? null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CompanyRoleName>('admin');
  const [error, setError] = useState<string | null>(null);

  const refresh = () => {
    if (company) void queryClient.invalidateQueries({ queryKey: companyDetailsKey(company.id) });
    void queryClient.invalidateQueries({ queryKey: companiesResource.key });
  };
  const run = async (action: () => Promise<{ message: string }>) => {
    try {
      const answer = await loader.run(action);
      toast.success(answer.message);
      refresh();
      return true;
    } catch (failure) {
      showError(failure);
      if (failure instanceof Error) setError(failure.message);
      return false;
    }
  };
  const invite = async (event: FormEvent) => {
    event.preventDefault();
    if (!company) return;
    setError(null);
    if (await run(() => addCompanyMember({ email: email.trim(), role, companyId: company.id }))) setEmail('');
  };

  return (
    <Modal open={company !== null} title={t('pages.companies.membersOf', { name: company?.legalName ?? '' })} onClose={onClose} className="company-members-modal">
      {details.isPending ? (
        <Spinner label={t('table.loading')} />
      ) : (
        <>
          <ul className="company-member-list">
            {(details.data?.members ?? []).map((member) => (
              <li key={member.userId}>
                <span>
                  {member.fullName} · <bdi>{member.email}</bdi> · {t(`pages.companies.roles.${member.role}`)}
                </span>
                <button
                  type="button"
                  className="btn btn-small btn-danger-outline"
                  aria-label={t('pages.companies.removeNamed', { name: member.fullName })}
                  onClick={() => void run(() => removeCompanyMember(member.userId))}
                >
                  {t('pages.companies.remove')}
                </button>
              </li>
            ))}
            {(details.data?.invitations ?? []).map((invitation) => (
              <li key={`invitation-${invitation.id}`}>
                <span>
                  <bdi>{invitation.email}</bdi> · {t(`pages.companies.roles.${invitation.role}`)} · {t('pages.companies.invited')}
                </span>
                <button type="button" className="btn btn-small btn-secondary" onClick={() => company && void run(() => cancelCompanyInvitation(invitation.id, company.id))}>
                  {t('pages.companies.cancelInvitation')}
                </button>
              </li>
            ))}
            {details.data && details.data.members.length + details.data.invitations.length === 0 ? <li>{t('pages.companies.noMembers')}</li> : null}
          </ul>
          <form className="form company-invite" onSubmit={(event) => void invite(event)} noValidate>
            <label className="field">
              <span className="field-label">{t('pages.companies.inviteEmail')}</span>
              <input className="field-input" type="email" dir="ltr" value={email} onChange={(event) => setEmail(event.target.value)} aria-invalid={error ? true : undefined} />
            </label>
            <label className="field">
              <span className="field-label">{t('pages.companies.inviteRole')}</span>
              <select className="field-input" value={role} onChange={(event) => setRole(event.target.value as CompanyRoleName)}>
                {COMPANY_ROLES.map((value) => (
                  <option key={value} value={value}>
                    {t(`pages.companies.roles.${value}`)}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="btn btn-primary">
              {t('pages.companies.invite')}
            </button>
          </form>
          {error ? (
            <p className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </>
      )}
      <div className="modal-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('pages.companies.close')}
        </button>
      </div>
    </Modal>
  );
}
