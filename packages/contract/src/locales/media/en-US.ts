/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"media.followButtons.follow":["Follow ",["name"]],"media.followButtons.following":["Following"],"media.mediaDetail.buyOnAmazon":["Buy on Amazon"],"media.mediaDetail.byline":["by ",["name"]],"media.mediaDetail.language":["Language"],"media.mediaDetail.newTab":["(opens in a new tab)"],"media.mediaDetail.peopleAlsoHave":["People Also Have"],"media.mediaDetailPage.back":["Back"],"media.mediaDetailPage.backToHome":["Back to Home"],"media.mediaDetailPage.home":["Home"],"media.mediaDetailPage.loading":["Loading..."],"media.mediaDetailPage.notFound":["Media not found."],"media.regionalReleaseDates.heading":["Release dates"],"media.regionalReleaseDates.tbd":["TBD"]}',
) as Messages;
