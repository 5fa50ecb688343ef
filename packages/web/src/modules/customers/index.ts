/**
 * The customers module's public face. Its console pages are reached through app/page-registry; the
 * owner's phone pages (mobile/customers) call the owner's API through it; the owner's pages of other
 * modules (mobile/service's 我的投诉) send their own calls with asOwner's token header.
 */
export { asOwner, needsOwnerSignIn, ownerApi, ownerToken } from './owner-api';
export { phoneChangeRequestApi } from './phone-change-api';
