import { Button, Checkbox, Group, Loader, Select, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MemberServices, WatchProviderList } from '@releasebell/contract';
import { IconCheck } from '@tabler/icons-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { ProviderLogo } from '../../../components/provider-logo';
import { ApiError } from '../../../lib/api-client';
import { type Translate, translateNow, useLanguage, useT } from '../../../lib/i18n';
import { WATCH_TEXTS } from '../../../lib/watch';
import { useServices, useUpdateServices } from '../api/services';
import { useWatchProviders } from '../api/watch-providers';
import { countryOptions } from '../profile-form';
import classes from './my-services.module.css';

type Field = 'region' | 'provider_ids' | 'include_rent_buy' | 'form';
type FieldErrors = Partial<Record<Field, string>>;

/** A failed call's messages by the field the server named; what names no field of this form goes on top. */
function fieldErrors(t: Translate, error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || error.status !== 400) return { form: t(WATCH_TEXTS.saveFailed) };
  if (error.details.length === 0) return { form: error.message };
  const errors: FieldErrors = {};
  for (const d of error.details) {
    const field = d.field.split('.')[0];
    if (field === 'region' || field === 'provider_ids' || field === 'include_rent_buy')
      errors[field] = d.message;
    else errors.form = error.message;
  }
  return errors;
}

/**
 * "My services": the member's country, the streaming services they pay for there (logo toggles from that
 * country's list) and whether rent and buy offers count too. Save sends them; a country TMDB does not
 * list, or services it does not list there, are refused by name.
 */
export function MyServices() {
  const titleId = useId();
  const services = useServices();
  const t = useT();
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t(WATCH_TEXTS.servicesHeading)}
      </Title>
      <Text size="sm" c="dimmed">
        {t(WATCH_TEXTS.servicesIntro)}
      </Text>
      {services.data ? (
        <ServicesForm saved={services.data} groupLabelId={titleId} />
      ) : services.isError ? (
        <Group gap="xs">
          <Text size="sm" c="red.4">
            {t(WATCH_TEXTS.servicesFailed)}
          </Text>
          <Button size="xs" variant="subtle" loading={services.isFetching} onClick={() => services.refetch()}>
            {t(WATCH_TEXTS.tryAgain)}
          </Button>
        </Group>
      ) : (
        <Loader size="sm" aria-label={t(WATCH_TEXTS.loadingServices)} />
      )}
    </Stack>
  );
}

function ServicesForm({ saved, groupLabelId }: { saved: MemberServices; groupLabelId: string }) {
  const errorId = useId();
  const t = useT();
  const { language } = useLanguage();
  const [region, setRegion] = useState(saved.region);
  const [selected, setSelected] = useState<readonly number[]>(saved.provider_ids);
  const [rentBuy, setRentBuy] = useState(saved.include_rent_buy);
  const [errors, setErrors] = useState<FieldErrors>({});
  const providers = useWatchProviders(region);
  const update = useUpdateServices();
  const countries = useMemo(() => countryOptions(region, language), [region, language]);

  // A country's list, once read, keeps only the chosen services it still lists (another country's
  // services are not carried over).
  const [prunedBy, setPrunedBy] = useState<WatchProviderList | undefined>(undefined);
  if (providers.data && providers.data !== prunedBy) {
    setPrunedBy(providers.data);
    const listed = new Set(providers.data.providers.map((p) => p.id));
    if (selected.some((id) => !listed.has(id))) setSelected(selected.filter((id) => listed.has(id)));
  }

  const list = providers.data?.providers;
  const regionError =
    errors.region ??
    (providers.error instanceof ApiError && providers.error.status === 400
      ? (providers.error.details.find((d) => d.field === 'region')?.message ?? providers.error.message)
      : undefined);

  const toggle = (id: number) => {
    setErrors(({ provider_ids: _, ...rest }) => rest);
    setSelected((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!list) return;
    setErrors({});
    update.mutate(
      {
        region,
        // In the country's order, as the member sees them.
        provider_ids: list.filter((p) => selected.includes(p.id)).map((p) => p.id),
        include_rent_buy: rentBuy,
      },
      {
        onSuccess: () =>
          notifications.show({
            message: translateNow(WATCH_TEXTS.servicesSaved),
            color: 'teal',
            autoClose: 3000,
          }),
        onError: (error) => {
          console.warn('Saving services failed', error);
          setErrors(fieldErrors(translateNow, error));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {errors.form && (
          <Text c="red.4" size="sm" role="alert">
            {errors.form}
          </Text>
        )}
        <Select
          label={t(WATCH_TEXTS.country)}
          className={classes.country}
          data={countries}
          value={region}
          searchable
          allowDeselect={false}
          // 250 countries: rendered when the list opens, not kept (hidden) in the page meanwhile.
          comboboxProps={{ hideDetached: false, keepMounted: false }}
          nothingFoundMessage={t(WATCH_TEXTS.noCountry)}
          error={regionError}
          onChange={(value) => {
            if (!value || value === region) return;
            setErrors({});
            setRegion(value);
          }}
        />

        {list ? (
          list.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t(WATCH_TEXTS.noProviders)}
            </Text>
          ) : (
            <Stack gap={4}>
              <fieldset
                aria-labelledby={groupLabelId}
                aria-describedby={errors.provider_ids ? errorId : undefined}
                className={classes.providers}
              >
                {list.map((provider) => {
                  const on = selected.includes(provider.id);
                  return (
                    <UnstyledButton
                      key={provider.id}
                      type="button"
                      className={classes.provider}
                      aria-pressed={on}
                      onClick={() => toggle(provider.id)}
                    >
                      <ProviderLogo provider={provider} size={28} />
                      <span className={classes.name}>{provider.name}</span>
                      {on && <IconCheck size={16} aria-hidden className={classes.check} />}
                    </UnstyledButton>
                  );
                })}
              </fieldset>
              {errors.provider_ids && (
                <Text id={errorId} size="sm" c="red.4">
                  {errors.provider_ids}
                </Text>
              )}
            </Stack>
          )
        ) : providers.isError ? (
          regionError ? null : (
            <Group gap="xs">
              <Text size="sm" c="red.4">
                {t(WATCH_TEXTS.providersFailed)}
              </Text>
              <Button
                size="xs"
                variant="subtle"
                loading={providers.isFetching}
                onClick={() => providers.refetch()}
              >
                {t(WATCH_TEXTS.tryAgain)}
              </Button>
            </Group>
          )
        ) : (
          <Loader size="sm" aria-label={t(WATCH_TEXTS.loadingProviders)} />
        )}

        <Checkbox
          label={t(WATCH_TEXTS.includeRentBuy)}
          checked={rentBuy}
          error={errors.include_rent_buy}
          onChange={(e) => setRentBuy(e.currentTarget.checked)}
        />

        <Group>
          <Button type="submit" loading={update.isPending} disabled={!list}>
            {t(WATCH_TEXTS.saveServices)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
