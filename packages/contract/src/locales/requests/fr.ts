/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"requests.modal.close":["Fermer"],"requests.modal.error":["Erreur"],"requests.modal.extraInfo":["Informations complémentaires (facultatif)"],"requests.modal.extraInfoHint":["Auteur, réalisateur, chaîne, année de sortie ou un lien"],"requests.modal.failed":["Impossible d’envoyer la demande. Réessayez."],"requests.modal.mediaType":["Type de média"],"requests.modal.sent":["Votre demande a bien été envoyée\u202F!"],"requests.modal.submit":["Envoyer la demande"],"requests.modal.submitted":["Demande envoyée"],"requests.modal.title":["Demander un contenu manquant"],"requests.modal.titleField":["Titre"]}',
) as Messages;
