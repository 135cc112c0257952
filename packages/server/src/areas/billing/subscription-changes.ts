// "A subscription changed": the billing core announces each subscription the provider's events
// wrote, and areas that follow subscriptions (licences) subscribe in app.ts, so billing depends
// on none of them.

/** Acts on a subscription just written (by its id); a failure fails the event, which is retried. */
export type SubscriptionListener = (subscriptionId: string) => Promise<unknown>;

export class SubscriptionChanges {
  private readonly listeners: SubscriptionListener[] = [];

  on(listener: SubscriptionListener): void {
    this.listeners.push(listener);
  }

  /** Runs every listener in turn, in the order they subscribed. */
  async emit(subscriptionId: string): Promise<void> {
    for (const listener of this.listeners) await listener(subscriptionId);
  }
}
