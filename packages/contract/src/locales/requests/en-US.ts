/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"requests.modal.close":["Close"],"requests.modal.error":["Error"],"requests.modal.extraInfo":["Optional Extra Info"],"requests.modal.extraInfoHint":["Author, director, network, release year or a link"],"requests.modal.failed":["Could not submit request. Try again."],"requests.modal.mediaType":["Media Type"],"requests.modal.sent":["Your request has been sent!"],"requests.modal.submit":["Submit Request"],"requests.modal.submitted":["Request Submitted"],"requests.modal.title":["Request Missing Content"],"requests.modal.titleField":["Title"]}',
) as Messages;
