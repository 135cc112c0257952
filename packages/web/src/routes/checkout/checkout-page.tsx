import {
  Alert,
  Anchor,
  Button,
  Container,
  Divider,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { Organisation, PublicPlan } from '@slugsmith/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { InstallLicenceCard } from '../../components/install-licence.js';
import { refusalReason } from '../../lib/api.js';
import { consoleQueries, prepareCheckout } from '../../lib/console-api.js';
import { useInstall } from '../../lib/install.js';
import { formatMoney } from '../../lib/money.js';
import { usePublicPlans } from '../../lib/plans.js';
import { CreateOrgDialog } from '../../ui/create-org-dialog.js';
import { EmptyState, ErrorState, ListSkeleton } from '../../ui/states.js';
import { billingErrorText } from './billing-messages.js';
import {
  clampQuantity,
  defaultOrg,
  MAX_QUANTITY,
  MIN_QUANTITY,
  orderQuantity,
  orderTotal,
  PENDING_CHECKOUT_KEY,
  type PendingCheckout,
  parseCheckoutParams,
  periodsOf,
  priceFor,
  purchasablePlans,
  purchasingOrgs,
  quantityUnit,
  rememberedOrg,
  subscriptionTabHref,
} from './billing-model.js';
import { useBuyer } from './checkout-buyer.js';
import { openPaddleCheckout } from './paddle-checkout.js';
import { PartyFields } from './party-fields.js';
import { PaymentLinkCheckout } from './payment-link.js';

/** The hosted checkout page in the console's language (it reads `?lang=`). */
function inLanguage(checkoutUrl: string, language: string | undefined): string {
  const url = new URL(checkoutUrl, window.location.href);
  if (language) url.searchParams.set('lang', language);
  return url.toString();
}

/** The success page reads which plan was bought (the provider's return address names only the organisation). */
function rememberCheckout(pending: PendingCheckout) {
  try {
    sessionStorage.setItem(PENDING_CHECKOUT_KEY, JSON.stringify(pending));
  } catch {
    // Without storage the success page waits for any paid subscription of the organisation.
  }
}

/**
 * /checkout?plan=&period=&quantity=&org=: the organisation, plan, period, quantity and country of a
 * purchase, its order summary, then the provider's payment page (product spec §2.2, §8 "Checkout").
 * /checkout?_ptxn=: the provider's payment link for a transaction it made.
 */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const install = useInstall();
  const transactionId = params.get('_ptxn');
  // An install sells nothing: its licence instead, and no checkout even while its mode is unknown.
  if (install.isPending) return null;
  if (install.data?.mode === 'on_premise')
    return (
      <Container size="md" py="xl">
        <InstallLicenceCard licence={install.data.licence} />
      </Container>
    );
  if (transactionId) return <PaymentLinkCheckout transactionId={transactionId} />;
  return <CheckoutOrder params={params} />;
}

function CheckoutOrder({ params }: { params: URLSearchParams }) {
  const { t } = useTranslation('billing');
  const initial = useMemo(() => parseCheckoutParams(params), [params]);
  const orgs = useQuery(consoleQueries.orgs());
  const plans = usePublicPlans();
  const [creating, setCreating] = useState(false);

  const eligible = orgs.data ? purchasingOrgs(orgs.data) : [];
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('checkout.title')}</Title>
          <Text c="dimmed">{t('checkout.intro')}</Text>
        </div>
        {initial.cancelled && (
          <Alert
            color="yellow"
            variant="light"
            role="status"
            title={t('errors.cancelled')}
            data-testid="checkout-cancelled"
          >
            {t('errors.cancelledHint')}
          </Alert>
        )}
        {(orgs.isPending || plans.isPending) && <ListSkeleton rows={3} height={56} />}
        {orgs.isError && (
          <ErrorState title={t('errors.orgsFailed')} error={orgs.error} onRetry={() => orgs.refetch()} />
        )}
        {plans.isError && (
          <ErrorState title={t('errors.plansFailed')} error={plans.error} onRetry={() => plans.refetch()} />
        )}
        {orgs.data && eligible.length === 0 && (
          <EmptyState
            title={t('errors.noOrganisations')}
            action={
              <Button onClick={() => setCreating(true)} data-testid="checkout-create-org">
                {t('errors.createOrganisation')}
              </Button>
            }
          >
            {t('errors.noOrganisationsHint')}
          </EmptyState>
        )}
        {plans.data && eligible.length > 0 && (
          <CheckoutForm orgs={eligible} plans={plans.data} initial={initial} />
        )}
      </Stack>
      <CreateOrgDialog opened={creating} onClose={() => setCreating(false)} />
    </Container>
  );
}

function CheckoutForm({
  orgs,
  plans,
  initial,
}: {
  orgs: Organisation[];
  plans: PublicPlan[];
  initial: ReturnType<typeof parseCheckoutParams>;
}) {
  const { t, i18n } = useTranslation('billing');
  const lng = i18n.resolvedLanguage;
  const offered = purchasablePlans(plans);
  const requestedPlan = plans.find((p) => p.slug === initial.plan);
  const [orgSlug, setOrgSlug] = useState<string | null>(
    defaultOrg(orgs, initial.org ?? rememberedOrg())?.slug ?? null,
  );
  const [planSlug, setPlanSlug] = useState<string | null>(
    requestedPlan && offered.includes(requestedPlan) ? requestedPlan.slug : (offered[0]?.slug ?? null),
  );
  const plan = offered.find((p) => p.slug === planSlug);
  const [period, setPeriod] = useState<string | null>(initial.period ?? periodsOf(plan)[0] ?? null);
  const [quantity, setQuantity] = useState<number>(initial.quantity);
  const [closed, setClosed] = useState(false);
  const buyer = useBuyer(orgSlug, initial.country);

  const price = priceFor(plan, period);
  const unit = quantityUnit(plan);
  const count = orderQuantity(price, quantity);

  const pay = useMutation({
    mutationFn: async () => {
      if (!orgSlug || !plan || !price) throw new Error(t('errors.missingPrice'));
      setClosed(false);
      const session = await prepareCheckout({
        org_slug: orgSlug,
        items: [{ price: price.id, quantity: count }],
        ...buyer.body(),
      });
      rememberCheckout({ org: orgSlug, plan: plan.slug, at: Date.now() });
      if (session.provider === 'paddle') await openPaddleCheckout(session, () => setClosed(true));
      else if (session.checkout_url) window.location.assign(inLanguage(session.checkout_url, lng));
      else throw new Error(t('errors.noCheckoutUrl'));
    },
  });

  const choosePlan = (slug: string | null) => {
    setPlanSlug(slug);
    const next = offered.find((p) => p.slug === slug);
    // Keep the period when the new plan is priced for it, otherwise take its first one.
    if (!priceFor(next, period)) setPeriod(periodsOf(next)[0] ?? null);
  };

  // The products pages may link a plan that cannot be bought here (custom or contact plans).
  const customRequested = requestedPlan && (requestedPlan.custom_plan || requestedPlan.free);
  const missingPrice = !plan || !price;

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <Stack gap="md">
        {customRequested && (
          <Alert color="blue" variant="light" data-testid="checkout-custom">
            {requestedPlan.free
              ? t('errors.freePlan', { plan: requestedPlan.name })
              : t('errors.customPlan', { plan: requestedPlan.name })}{' '}
            {!requestedPlan.free && (
              <Anchor component={Link} to="/contacts">
                {t('errors.contactUs')}
              </Anchor>
            )}
          </Alert>
        )}
        <Select
          label={t('checkout.organisation')}
          description={t('checkout.organisationHint')}
          data={orgs.map((o) => ({ value: o.slug, label: `${o.name} (${o.slug})` }))}
          value={orgSlug}
          onChange={setOrgSlug}
          allowDeselect={false}
          data-testid="checkout-org"
        />
        <Select
          label={t('checkout.plan')}
          data={offered.map((p) => ({ value: p.slug, label: p.name }))}
          value={planSlug}
          onChange={choosePlan}
          allowDeselect={false}
          data-testid="checkout-plan"
        />
        <Select
          label={t('checkout.period')}
          data={periodsOf(plan).map((p) => ({ value: p, label: t(`periods.${p}`) }))}
          value={price ? period : null}
          onChange={setPeriod}
          allowDeselect={false}
          data-testid="checkout-period"
        />
        {price?.per_node && (
          <NumberInput
            label={unit === 'node' ? t('checkout.nodes') : t('checkout.quantity')}
            description={unit === 'node' ? t('checkout.nodesHint') : undefined}
            min={MIN_QUANTITY}
            max={MAX_QUANTITY}
            allowDecimal={false}
            allowNegative={false}
            value={quantity}
            onChange={(value) => setQuantity(clampQuantity(value, quantity))}
            data-testid="checkout-quantity"
          />
        )}
        <PartyFields
          fields={['country', 'vatNumber']}
          countryRequired
          values={buyer.values}
          onChange={buyer.edit}
          testId="checkout"
        />
      </Stack>
      <Paper
        withBorder
        radius="md"
        p="lg"
        component="section"
        aria-labelledby="order-summary"
        style={{ alignSelf: 'start' }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="order-summary">
            {t('checkout.summary')}
          </Title>
          {missingPrice ? (
            <Alert
              color="red"
              variant="light"
              role="alert"
              title={t('errors.missingPrice')}
              data-testid="missing-price"
            >
              {t('errors.missingPriceHint')}
            </Alert>
          ) : (
            <>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Text fw={600}>{plan.name}</Text>
                  <Text size="sm" c="dimmed">
                    {t(`periods.${price.period}`)}
                  </Text>
                </div>
                <Text ff="monospace">{formatMoney(price.amount, price.currency, lng)}</Text>
              </Group>
              {price.per_node && (
                <Group justify="space-between">
                  <Text size="sm">{unit === 'node' ? t('checkout.nodes') : t('checkout.quantity')}</Text>
                  <Text size="sm" ff="monospace">
                    × {count}
                  </Text>
                </Group>
              )}
              <Divider />
              <Group justify="space-between">
                <Text fw={700}>{t('checkout.total')}</Text>
                <Text fw={700} ff="monospace" data-testid="checkout-total">
                  {formatMoney(orderTotal(price, count), price.currency, lng)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {price.period === 'perpetual'
                  ? t('checkout.onceNote')
                  : t(`checkout.renewNote.${price.period}`)}{' '}
                {t('checkout.taxNote')}
              </Text>
              {(price.trial_days ?? 0) > 0 && (
                <Alert color="blue" variant="light" p="xs" data-testid="checkout-trial">
                  {t('checkout.trialNote', { count: price.trial_days })}
                </Alert>
              )}
            </>
          )}
          {pay.isError && (
            <Alert
              color="red"
              variant="light"
              role="alert"
              title={t('errors.prepareFailed')}
              data-testid="prepare-failed"
            >
              <Stack gap={4} align="flex-start">
                <Text size="sm">{billingErrorText(pay.error, t, 'checkout')}</Text>
                {refusalReason(pay.error) === 'already_subscribed' && orgSlug && (
                  <Anchor component={Link} to={subscriptionTabHref(orgSlug)} size="sm">
                    {t('server.openExisting')}
                  </Anchor>
                )}
              </Stack>
            </Alert>
          )}
          {closed && (
            <Alert color="yellow" variant="light" role="status" title={t('errors.cancelled')}>
              {t('errors.cancelledHint')}
            </Alert>
          )}
          <Button
            size="md"
            onClick={() => pay.mutate()}
            loading={pay.isPending}
            disabled={missingPrice || !orgSlug || !buyer.complete}
            data-testid="checkout-continue"
          >
            {t('checkout.continue')}
          </Button>
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
