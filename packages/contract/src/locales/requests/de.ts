/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"requests.modal.close":["Schließen"],"requests.modal.error":["Fehler"],"requests.modal.extraInfo":["Weitere Infos (optional)"],"requests.modal.extraInfoHint":["Autor, Regie, Sender, Erscheinungsjahr oder ein Link"],"requests.modal.failed":["Anfrage konnte nicht gesendet werden. Versuche es erneut."],"requests.modal.mediaType":["Medientyp"],"requests.modal.sent":["Deine Anfrage wurde gesendet!"],"requests.modal.submit":["Anfrage senden"],"requests.modal.submitted":["Anfrage gesendet"],"requests.modal.title":["Fehlende Inhalte anfragen"],"requests.modal.titleField":["Titel"]}',
) as Messages;
