import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useRegisterLead } from '../api/register-lead';
import { checkRegistration } from './lead-form-check';
import { EMPTY_SITE, SiteFields, type FieldErrors, type SiteValues } from './site-fields';

export const REGISTER_TEXTS = {
  submit: 'Register lead',
  registered: (company: string) => `${company} is registered to you.`,
  failed: 'The lead could not be registered. Please try again.',
} as const;

/**
 * "Register a lead" (issue 39 item 3): a site by company and address. A site someone holds (409
 * site_taken) or the limit of open registrations (422 registration_limit) is refused with the
 * server's reason, shown above the form; field messages show beside their fields.
 */
export function RegisterLeadForm() {
  const register = useRegisterLead();
  const [values, setValues] = useState<SiteValues>(EMPTY_SITE);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [registered, setRegistered] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    setRegistered(null);
    const problems = checkRegistration(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    register.mutate(values, {
      onSuccess: (lead) => {
        setValues(EMPTY_SITE);
        setRegistered(REGISTER_TEXTS.registered(lead.company_name));
      },
      onError: (failure) => {
        setRefusal(errorMessage(failure, REGISTER_TEXTS.failed));
        setErrors(failure instanceof ApiError ? failure.fields : {});
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Register a lead" className="space-y-4">
      {refusal && <Alert tone="error">{refusal}</Alert>}
      {registered && <Alert tone="success">{registered}</Alert>}
      <SiteFields
        values={values}
        errors={errors}
        onChange={(name, value) => {
          setValues((current) => ({ ...current, [name]: value }));
          setErrors((current) => ({ ...current, [name]: undefined }));
        }}
      />
      <div className="flex justify-end">
        <Button type="submit" pending={register.isPending}>
          {register.isPending ? 'Registering…' : REGISTER_TEXTS.submit}
        </Button>
      </div>
    </form>
  );
}
