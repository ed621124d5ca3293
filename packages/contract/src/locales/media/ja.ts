/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"media.followButtons.follow":[["name"],"をフォロー"],"media.followButtons.following":["フォロー中"],"media.mediaDetail.buyOnAmazon":["Amazonで購入"],"media.mediaDetail.byline":["作：",["name"]],"media.mediaDetail.language":["言語"],"media.mediaDetail.newTab":["（新しいタブで開きます）"],"media.mediaDetail.peopleAlsoHave":["こちらも登録されています"],"media.mediaDetailPage.back":["戻る"],"media.mediaDetailPage.backToHome":["ホームに戻る"],"media.mediaDetailPage.home":["ホーム"],"media.mediaDetailPage.loading":["読み込み中…"],"media.mediaDetailPage.notFound":["作品が見つかりません。"],"media.regionalReleaseDates.heading":["公開日"],"media.regionalReleaseDates.tbd":["未定"]}',
) as Messages;
