import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { PricingPlan, PricingPlanPrice } from '@common/api/billing';
import type { Workspace } from '@common/api/workspaces';
import { useSignedInUser } from '@web/features/account';
import { ownedWorkspace, useMyWorkspaces } from '@web/features/workspaces';
import { CheckoutModal } from './CheckoutModal';
import { PlanModal } from './PlanModal';
import { ResultDialog, type ResultMessage } from './ResultDialog';

interface PlanFlow {
  /**
   * Opens 'Change Workspace Plan' for a workspace, or for creating one (null). With a price id (a
   * landing page's `lp_price_id`) that price goes straight to checkout when it needs one.
   */
  openPlans: (workspace: Workspace | null, priceId?: number) => void;
  /** Shows a result dialog after a billing action. */
  showResult: (message: ResultMessage) => void;
}

const PlanFlowContext = createContext<PlanFlow | null>(null);

export function usePlanFlow(): PlanFlow {
  const flow = useContext(PlanFlowContext);
  if (!flow) throw new Error('usePlanFlow needs a PlanFlowProvider (AppLayout mounts one)');
  return flow;
}

interface CheckoutChoice {
  plan: PricingPlan;
  price: PricingPlanPrice;
}

/**
 * The plan modal, the checkout above it and their result dialogs, for every signed-in page: the
 * Plan tab, the top bar's Upgrade, 'Create my Workspace' and the limit popups all open the same flow.
 */
export function PlanFlowProvider({ children }: { children: ReactNode }) {
  const user = useSignedInUser();
  const workspaces = useMyWorkspaces({ enabled: user !== null });
  const [target, setTarget] = useState<{ workspaceId: number | null; priceId?: number } | null>(null);
  const [checkout, setCheckout] = useState<CheckoutChoice | null>(null);
  const [result, setResult] = useState<ResultMessage | null>(null);
  const [session, setSession] = useState(0);

  const openPlans = useCallback((workspace: Workspace | null, priceId?: number) => {
    setSession((n) => n + 1);
    setCheckout(null);
    setTarget({ workspaceId: workspace?.id ?? null, priceId });
  }, []);
  const flow = useMemo(() => ({ openPlans, showResult: setResult }), [openPlans]);

  // The workspace as it is now. Opened for a new workspace, the user's own one counts once it
  // exists (created meanwhile, or opened from a stale page).
  const owned = ownedWorkspace(workspaces.data, user?.id) ?? null;
  const workspace =
    target === null
      ? null
      : target.workspaceId === null
        ? owned
        : (workspaces.data?.find((w) => w.id === target.workspaceId) ?? null);
  const ready = target !== null && (target.workspaceId === null || workspace !== null);

  const closeAll = () => {
    setCheckout(null);
    setTarget(null);
  };

  return (
    <PlanFlowContext value={flow}>
      {children}
      {ready && (
        <PlanModal
          key={session}
          covered={checkout !== null}
          workspace={workspace}
          initialPriceId={target?.priceId}
          onClose={closeAll}
          onCheckout={setCheckout}
          onResult={setResult}
        />
      )}
      {ready && checkout && (
        <CheckoutModal
          key={`${session}-${checkout.price.id}`}
          workspace={workspace}
          plan={checkout.plan}
          price={checkout.price}
          onBack={() => setCheckout(null)}
          onClosed={closeAll}
          onPaid={(paid) => {
            closeAll();
            setResult({
              kind: 'success',
              title: 'Successful Purchase',
              description: `**${paid.name}** is now on the **${checkout.plan.name}**. Thank you!`,
            });
          }}
          onResult={setResult}
        />
      )}
      {/* Mounted when shown, so it opens above whichever modal is open. */}
      {result && <ResultDialog message={result} onClose={() => setResult(null)} />}
    </PlanFlowContext>
  );
}
