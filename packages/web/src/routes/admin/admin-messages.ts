/**
 * The staff area's server messages (admin, plan, document, payment-provider routes) and the
 * admin catalogue entry (`admin:serverMessages.*`) that says each in the reader's language.
 */
export const ADMIN_MESSAGES: Record<string, string> = {
  'The confirmation does not match the organisation slug': 'admin:serverMessages.confirmationMismatch',
  'You cannot remove your own admin level': 'admin:serverMessages.ownAdminLevel',
  'You cannot disable your own sign-in': 'admin:serverMessages.ownSignIn',
  'Sign-in is disabled for this account': 'admin:serverMessages.signInDisabled',
  'User not found': 'admin:serverMessages.userNotFound',
  'Document not found': 'admin:serverMessages.documentNotFound',
  'Translation not found': 'admin:serverMessages.translationNotFound',
  'Tag not found': 'admin:serverMessages.tagNotFound',
  'A document with this slug already exists': 'admin:serverMessages.documentSlugTaken',
  'A tag with this name already exists': 'admin:serverMessages.tagTaken',
  'Unsupported language': 'admin:serverMessages.unsupportedLanguage',
  'The document has no text to publish': 'admin:serverMessages.nothingToPublish',
  'Plan Not Found': 'admin:serverMessages.planNotFound',
  'The plan has subscriptions: archive it instead': 'admin:serverMessages.planInUse',
  'A perpetual licence has no trial': 'admin:serverMessages.perpetualNoTrial',
  'Each period and currency may have one price': 'admin:serverMessages.onePricePerPeriod',
  'A trial needs trial_until': 'admin:serverMessages.trialNeedsEnd',
  'A subscription cannot end before it starts': 'admin:serverMessages.endsBeforeStart',
  'The plan is not available for subscription': 'admin:serverMessages.planNotAvailable',
  'The organisation has no subscription of this plan type': 'admin:serverMessages.noSubscriptionOfType',
  'Unknown payment provider': 'admin:serverMessages.unknownProvider',
  'Event not found': 'admin:serverMessages.eventNotFound',
  'A processed event cannot be edited': 'admin:serverMessages.processedEvent',
  'The payload is not an event': 'admin:serverMessages.notAnEvent',
  'The event keeps its event_id and event_type': 'admin:serverMessages.eventKeepsId',
  'Filter not supported for this list': 'admin:serverMessages.filterNotSupported',
  'The subscription is already canceled': 'admin:serverMessages.alreadyCanceled',
};

/** 'Subscription {id} not found' (product spec §8): a missing provider subscription, with its id. */
export function adminMessage(message: string): { key: string; params?: Record<string, string> } | null {
  const key = ADMIN_MESSAGES[message];
  if (key) return { key };
  const missing = /^Subscription (\S+) not found$/.exec(message);
  return missing?.[1]
    ? { key: 'admin:serverMessages.subscriptionNotFound', params: { id: missing[1] } }
    : null;
}
