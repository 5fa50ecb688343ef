// The public face of service: customer complaints (客户投诉) and order appeals (申诉审核).
export { complaintRoutes, ownerComplaintRoutes, recordComplaintRoutes } from './complaint.routes.js';
export { appealRoutes, ownerAppealRoutes } from './appeal.routes.js';
// the demo seeds its complaints through the same service staff and owners use
export { completeComplaint, createComplaint, fileOwnerComplaint, replyComplaint } from './complaint.service.js';
// and its appeals: filed from the owners' phones, held and decided as reviewers do
export { claimAppeal, decideAppeal, fileOwnerAppeal } from './appeal.service.js';
// finance marks the invoice of an upheld appeal's stay for red-flushing
export { afterAppealUpheld, type AppealFollowUp } from './appeal-follow-up.js';
