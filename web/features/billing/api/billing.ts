import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddOn,
  BillingInformation,
  Checkout,
  InvoiceDetail,
  Invoice,
  PaymentMethod,
  PricingPlan,
} from '@common/api/billing';
import type { Workspace } from '@common/api/workspaces';
import { api } from '@web/api/client';
import { refreshWorkspaces, storeWorkspace } from '@web/features/workspaces';
import { billingKeys } from '@web/api/keys';

export { billingKeys };

/** Invoices per page of the billing tab's list. */
export const INVOICES_PAGE_SIZE = 10;

/** GET /pricing_plans: the catalogue, the Free Trial included. */
export function usePricingPlans() {
  return useQuery({
    queryKey: billingKeys.plans,
    queryFn: () => api<PricingPlan[]>('/pricing_plans'),
    staleTime: 10 * 60_000,
  });
}

/** GET /pricing_plans/{planId}/add_ons. */
export function useAddOns(planId: number | undefined) {
  return useQuery({
    queryKey: billingKeys.addOns(planId ?? 0),
    queryFn: () => api<AddOn[]>(`/pricing_plans/${planId}/add_ons`),
    enabled: planId !== undefined,
    staleTime: 10 * 60_000,
  });
}

export function useBillingInformation(workspaceId: number, enabled = true) {
  return useQuery({
    queryKey: billingKeys.billingInformation(workspaceId),
    queryFn: () => api<BillingInformation | null>(`/workspaces/${workspaceId}/billing_information`),
    enabled,
  });
}

export function useUpdateBillingInformation(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingInformation) =>
      api<BillingInformation>(`/workspaces/${workspaceId}/billing_information`, { method: 'PATCH', body }),
    onSuccess: (info) => queryClient.setQueryData(billingKeys.billingInformation(workspaceId), info),
  });
}

/** GET /workspaces/{id}/payment_method: null when no card was saved. */
export function usePaymentMethod(workspaceId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: billingKeys.paymentMethod(workspaceId ?? 0),
    queryFn: () => api<PaymentMethod | null>(`/workspaces/${workspaceId}/payment_method`),
    enabled: enabled && workspaceId !== undefined,
  });
}

export function useUpdatePaymentMethod(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentMethodId: string) =>
      api<PaymentMethod>(`/workspaces/${workspaceId}/payment_method`, {
        method: 'POST',
        body: { payment_method_id: paymentMethodId },
      }),
    onSuccess: (card) => queryClient.setQueryData(billingKeys.paymentMethod(workspaceId), card),
  });
}

interface InvoicesPage {
  invoices: Invoice[];
  last_id: number | null;
  has_more: boolean;
}

/** GET /workspaces/{id}/invoices, page after page with `starting_after` while `has_more`. */
export function useInvoices(workspaceId: number) {
  return useInfiniteQuery({
    queryKey: billingKeys.invoices(workspaceId),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(INVOICES_PAGE_SIZE) });
      if (pageParam !== undefined) query.set('starting_after', String(pageParam));
      return api<InvoicesPage>(`/workspaces/${workspaceId}/invoices?${query.toString()}`);
    },
    getNextPageParam: (page) => (page.has_more && page.last_id !== null ? page.last_id : undefined),
  });
}

/** GET /invoices/{id}: the printable invoice. */
export function useInvoice(invoiceId: number) {
  return useQuery({
    queryKey: billingKeys.invoice(invoiceId),
    queryFn: () => api<InvoiceDetail>(`/invoices/${invoiceId}`),
    enabled: Number.isInteger(invoiceId) && invoiceId > 0,
    retry: false,
  });
}

/** What the sandbox processor's card form sends (the stand-in for Stripe.js). */
export interface SandboxCard {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  name: string;
}

/** POST /sandbox/payment_methods: a card in, a payment method id out. */
export async function createSandboxPaymentMethod(card: SandboxCard): Promise<string> {
  const { name, ...rest } = card;
  const answer = await api<{ id: string }>('/sandbox/payment_methods', {
    method: 'POST',
    body: { card: rest, billing_details: { name } },
  });
  return answer.id;
}

/** POST /workspaces (no workspace yet) or POST /workspaces/{id}/subscribe, the checkout's second step. */
export function checkoutCall(workspaceId: number | null, body: Checkout): Promise<Workspace> {
  return workspaceId === null
    ? api<Workspace>('/workspaces', { method: 'POST', body })
    : api<Workspace>(`/workspaces/${workspaceId}/subscribe`, { method: 'POST', body });
}

type SubscriptionAction =
  'cancel_subscription' | 'reactivate_subscription' | 'cancel_downgrade' | 'downgrade_subscription';

/** One subscription action; the answer is the workspace afterwards, stored in every cache. */
function useSubscriptionAction<T>(
  workspaceId: number,
  action: SubscriptionAction,
  body?: (input: T) => unknown,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: T) =>
      api<Workspace>(`/workspaces/${workspaceId}/${action}`, {
        method: 'POST',
        body: body ? body(input) : undefined,
      }),
    onSuccess: async (workspace) => {
      storeWorkspace(queryClient, workspace);
      await refreshWorkspaces(queryClient);
    },
  });
}

export const useCancelSubscription = (workspaceId: number) =>
  useSubscriptionAction<void>(workspaceId, 'cancel_subscription');
export const useReactivateSubscription = (workspaceId: number) =>
  useSubscriptionAction<void>(workspaceId, 'reactivate_subscription');
export const useCancelDowngrade = (workspaceId: number) =>
  useSubscriptionAction<void>(workspaceId, 'cancel_downgrade');
export const useDowngradeSubscription = (workspaceId: number) =>
  useSubscriptionAction<number>(workspaceId, 'downgrade_subscription', (priceId) => ({ price_id: priceId }));

/** POST (add) or DELETE (remove) /workspaces/{id}/add_ons, one unit at a time. */
export function useChangeAddOn(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ addOnPriceId, change }: { addOnPriceId: number; change: 'add' | 'remove' }) =>
      api<Workspace>(`/workspaces/${workspaceId}/add_ons`, {
        method: change === 'add' ? 'POST' : 'DELETE',
        body: { add_on_price_id: addOnPriceId, quantity: 1 },
      }),
    onSuccess: async (workspace) => {
      storeWorkspace(queryClient, workspace);
      await refreshWorkspaces(queryClient);
    },
  });
}
