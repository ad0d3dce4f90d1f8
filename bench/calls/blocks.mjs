// Hand-written pieces of sales calls, each turn labelled by what it means (not by what any
// analyzer finds): R = the representative, P = the main prospect, P2 = a second person on the
// prospect's side (the one a meeting tool may show as a room or a phone). Tags:
//   req            a technical requirement the prospect states or asks about
//   q=ID / a=ID    a question the prospect asks / the representative's answer to it (no a= → unanswered)
//   next=DATE|-    a next step (an action agreed, a meeting, a dated milestone), due DATE (YYYY-MM-DD) or undated
//   nextc          a line that confirms the previous next step of the block (also cited)
//   budget authority need timeline process champion   a qualification box this line supports
// Dates are read from 2026-11-24 (a Tuesday), the set's reference date.
// {R} {P} {C} are replaced by the representative's and the contact's first names and the company.

export const BLOCKS = {
  en: {
    open: [
      [
        ['R', 'Hi {P}, thanks for making the time today.'],
        ['P', 'Sure, happy to chat.'],
        ['R', 'To start, what made you look at a tool like ours?'],
        ['P', 'Our reps spend hours writing up calls and the CRM is always out of date.', 'need'],
      ],
      [
        ['R', 'Thanks for joining, {P}. Where does your current process hurt the most?'],
        ['P', "Honestly, visibility. Managers can't see what was promised to customers, so deals slip.", 'need'],
      ],
      [
        ['R', "Good morning {P}, I know you're busy so I'll keep this to thirty minutes."],
        ['P', 'Perfect, thank you.'],
        ['R', 'What does a typical technical sales cycle look like at {C}?'],
        ['P', 'Long. Six months on average, and we lose track of what the engineers asked for.', 'need'],
      ],
    ],
    tech: [
      [
        ['P', 'Do you support single sign-on with Okta?', 'q=1 req'],
        ['R', 'Yes, we support SAML and OIDC with Okta, and SCIM for provisioning.', 'a=1'],
      ],
      [
        ['R', 'How many people would use it?'],
        ['P', 'About 120 reps now, and we expect to reach 200 by next summer.', 'req'],
        ['R', "That's well within our standard plan."],
      ],
      [
        ['P', 'We run Salesforce. Can your notes sync into the opportunity records automatically?', 'q=1 req'],
        ['R', 'Yes, our native Salesforce connector writes the summary and the fields after every call.', 'a=1'],
      ],
      [
        ['P', 'Are you SOC 2 Type II certified?', 'q=1 req'],
        ['R', "Good question, I'll check with our security team and get back to you.", 'next=-'],
      ],
      [
        ['P', "Where is the data hosted? We're a German company, so it has to stay in the EU.", 'q=1 req'],
        ['R', 'We host in Frankfurt on AWS, and nothing leaves the EU.', 'a=1'],
      ],
      [
        ['R', 'How long do you need to keep the call recordings?'],
        ['P', 'Legal says two years, and after that they must be deleted.', 'req'],
      ],
      [
        ['P', 'Is there a public API? Our data team wants to pull everything into Snowflake.', 'q=1 req'],
        ['R', 'There is a REST API with webhooks, and a Snowflake export is planned for early next year.', 'a=1'],
      ],
      [
        ['P', 'Half of our team works from tablets on the road. Does it work offline?', 'q=1 req'],
        ['R', "Offline mode isn't available today, no. It needs a connection.", 'a=1'],
      ],
      [
        ['P', 'What uptime do you guarantee?', 'q=1 req'],
        ['R', 'Our enterprise SLA is 99.9 percent, with service credits if we miss it.', 'a=1'],
      ],
      [
        ['P2', 'From the IT side, we need audit logs of who viewed which recording.', 'req need'],
        ['R', 'That is built in, every access is logged and exportable.'],
      ],
      [
        ['P', 'Does it handle calls in French and German as well as English?', 'q=1 req'],
        ['R', 'French and English today; German is not supported yet.', 'a=1'],
      ],
      [
        ['P2', 'Can we run it on-premises in our own data center?', 'q=1 req'],
        ['R', 'We only offer the cloud version, but you can have a dedicated instance in your region.', 'a=1'],
      ],
    ],
    com: [
      [
        ['R', 'Do you have a budget set aside for this?'],
        ['P', "We've got around 60,000 dollars approved for this year.", 'budget'],
      ],
      [
        ['P', 'How much does the enterprise plan cost per seat?', 'q=1'],
        ['R', "It's 85 dollars per seat per month, billed annually.", 'a=1'],
      ],
      [
        ['R', 'Who signs off on a purchase like this?'],
        ['P', 'Our VP of Sales, Maria, has the final say.', 'authority'],
      ],
      [['P', 'Once Maria agrees, it goes through a security review and then procurement.', 'process']],
      [
        ['P', "Honestly, I'm convinced, and I'll push this internally.", 'champion'],
        ['R', 'That means a lot, thank you.'],
      ],
      [
        ['P', 'Can you give us a discount if we sign for three years?', 'q=1'],
        ['R', "I don't know offhand, it depends on the volume."],
      ],
      [
        ['R', 'When would you want this in place?'],
        ['P', 'We want to go live in Q2, before the new sales year starts.', 'timeline next=2027-06-30'],
      ],
      [
        ['P', "To be transparent, we're also looking at Gong."],
        ['R', 'Fair enough, happy to show you where we differ.'],
      ],
    ],
    close: [
      [
        ['R', "As a next step, I'll send you the security documentation today.", 'next=2026-11-24'],
        ['P', 'Great. Can we schedule a demo for the whole team next Tuesday at 3?', 'q=1 next=2026-12-01'],
        ['R', "Tuesday at 3 works, I'll send the invite.", 'a=1 nextc'],
      ],
      [
        ['P', "Let's plan a pilot with five reps starting January 12.", 'next=2027-01-12'],
        ['R', "Perfect, I'll set up the pilot workspace before then.", 'next=-'],
      ],
      [
        ['P', 'If the pilot goes well, we want to sign by the end of March.', 'next=2027-03-31 timeline'],
        ['R', 'Understood, we can work backwards from that date.'],
      ],
      [
        ['P2', "I'll loop in our CISO for the security review.", 'next=- process'],
        ['R', "Thanks, I'll send over our pen test report so they can start.", 'next=-'],
      ],
      [
        ['R', 'Shall we meet again on December 3 at 10am to go through the proposal?', 'next=2026-12-03'],
        ['P', 'December 3 works for me.', 'nextc'],
      ],
    ],
    noise: [
      [
        ['R', 'How was your weekend?'],
        ['P', 'Good, we finally got some sun. Yours?'],
        ['R', 'Quiet, thanks.'],
      ],
      [
        ['P', 'Sorry, can you hear me? My connection is bad today.'],
        ['R', 'Yes, I can hear you fine now.'],
      ],
      [
        ['R', 'So the—', '', true],
        ['P', 'Sorry, go ahead.'],
        ['R', 'No, please, you first.'],
        ['P', 'Um, I was just going to say, yeah, that makes sense.'],
      ],
      [
        ['P', 'Mm-hmm.'],
        ['R', 'Okay.'],
      ],
      [
        ['P', 'By the way, did you see the match last night?'],
        ['R', 'I did, what a finish!'],
      ],
      [
        ['P2', 'Sorry, I just joined, my previous meeting ran late.'],
        ['R', 'No problem, welcome.'],
      ],
    ],
  },
  fr: {
    open: [
      [
        ['R', 'Bonjour {P}, merci de prendre le temps aujourd’hui.'],
        ['P', 'Avec plaisir.'],
        ['R', 'Pour commencer, qu’est-ce qui vous a amené à regarder une solution comme la nôtre ?'],
        ['P', 'Nos commerciaux passent des heures à rédiger leurs comptes rendus et le CRM n’est jamais à jour.', 'need'],
      ],
      [
        ['R', 'Merci d’être là, {P}. Où votre organisation actuelle vous pose-t-elle le plus de problèmes ?'],
        ['P', 'La visibilité. Les managers ne savent pas ce qui a été promis aux clients, et on perd des affaires.', 'need'],
      ],
      [
        ['R', 'Bonjour {P}, je sais que vous êtes pris, je tiendrai en trente minutes.'],
        ['P', 'Parfait, merci.'],
        ['R', 'À quoi ressemble un cycle de vente technique chez {C} ?'],
        ['P', 'Il est long, six mois en moyenne, et on perd la trace de ce que les ingénieurs ont demandé.', 'need'],
      ],
    ],
    tech: [
      [
        ['P', 'Est-ce que vous gérez l’authentification unique avec Azure AD ?', 'q=1 req'],
        ['R', 'Oui, nous supportons SAML avec Azure AD, et SCIM pour le provisionnement des comptes.', 'a=1'],
      ],
      [
        ['R', 'Combien de personnes l’utiliseraient ?'],
        ['P', 'Environ 80 commerciaux aujourd’hui, et 150 d’ici l’an prochain.', 'req'],
        ['R', 'C’est tout à fait dans notre offre standard.'],
      ],
      [
        ['P', 'On utilise HubSpot. Les comptes rendus peuvent-ils remonter automatiquement dans les transactions ?', 'q=1 req'],
        ['R', 'Oui, notre connecteur HubSpot écrit le résumé et les champs après chaque appel.', 'a=1'],
      ],
      [
        ['P', 'Êtes-vous certifiés ISO 27001 ?', 'q=1 req'],
        ['R', 'Bonne question, je vérifie avec notre équipe sécurité et je reviens vers vous.', 'next=-'],
      ],
      [
        ['P', 'Où sont hébergées les données ? Nous sommes un hôpital, il nous faut un hébergement HDS en France.', 'q=1 req'],
        ['R', 'Nous sommes hébergés chez OVHcloud à Roubaix, avec la certification HDS.', 'a=1'],
      ],
      [
        ['R', 'Combien de temps devez-vous conserver les enregistrements ?'],
        ['P', 'Notre juriste demande trois ans, puis une suppression définitive.', 'req'],
      ],
      [
        ['P', 'Avez-vous une API ? Notre équipe data veut tout récupérer dans BigQuery.', 'q=1 req'],
        ['R', 'Il y a une API REST avec des webhooks, et un export BigQuery est prévu début d’année.', 'a=1'],
      ],
      [
        ['P', 'Nos techniciens travaillent sur tablette en zone blanche. Ça fonctionne hors ligne ?', 'q=1 req'],
        ['R', 'Non, le mode hors ligne n’existe pas aujourd’hui, il faut une connexion.', 'a=1'],
      ],
      [
        ['P', 'Quelle disponibilité garantissez-vous ?', 'q=1 req'],
        ['R', 'Notre SLA entreprise est de 99,9 %, avec des pénalités si nous ne le tenons pas.', 'a=1'],
      ],
      [
        ['P2', 'Côté DSI, il nous faut des journaux d’audit de qui a consulté quel enregistrement.', 'req need'],
        ['R', 'C’est inclus, chaque accès est journalisé et exportable.'],
      ],
      [
        ['P', 'Est-ce que l’outil comprend les appels en anglais et en espagnol ?', 'q=1 req'],
        ['R', 'Le français et l’anglais, oui ; l’espagnol n’est pas encore pris en charge.', 'a=1'],
      ],
      [
        ['P2', 'Peut-on l’installer sur site, dans notre propre datacenter ?', 'q=1 req'],
        ['R', 'Nous ne proposons que le cloud, mais avec une instance dédiée dans votre région.', 'a=1'],
      ],
    ],
    com: [
      [
        ['R', 'Avez-vous un budget prévu pour ce projet ?'],
        ['P', 'Nous avons une enveloppe d’environ 50 000 euros validée pour cette année.', 'budget'],
      ],
      [
        ['P', 'Combien coûte l’offre entreprise par utilisateur ?', 'q=1'],
        ['R', 'C’est 79 euros par utilisateur et par mois, facturé à l’année.', 'a=1'],
      ],
      [
        ['R', 'Qui valide un achat de ce type chez vous ?'],
        ['P', 'C’est notre directrice commerciale, Hélène, qui a le dernier mot.', 'authority'],
      ],
      [['P', 'Une fois qu’Hélène est d’accord, ça passe en revue sécurité puis aux achats.', 'process']],
      [
        ['P', 'Franchement, je suis convaincu, et je vais porter le projet en interne.', 'champion'],
        ['R', 'Merci, ça compte beaucoup.'],
      ],
      [
        ['P', 'Pouvez-vous faire une remise si on s’engage sur trois ans ?', 'q=1'],
        ['R', 'Je ne sais pas de tête, ça dépend du volume.'],
      ],
      [
        ['R', 'Pour quand voudriez-vous être opérationnels ?'],
        ['P', 'On vise une mise en production au T2, avant la nouvelle année commerciale.', 'timeline next=2027-06-30'],
      ],
      [
        ['P', 'Pour être transparent, on regarde aussi Modjo.'],
        ['R', 'C’est normal, je vous montrerai ce qui nous distingue.'],
      ],
    ],
    close: [
      [
        ['R', 'Comme prochaine étape, je vous envoie la documentation sécurité aujourd’hui.', 'next=2026-11-24'],
        ['P', 'Très bien. Peut-on caler une démo pour toute l’équipe mardi prochain à 15h ?', 'q=1 next=2026-12-01'],
        ['R', 'Mardi à 15h, c’est noté, je vous envoie l’invitation.', 'a=1 nextc'],
      ],
      [
        ['P', 'Lançons un pilote avec cinq commerciaux à partir du 12 janvier.', 'next=2027-01-12'],
        ['R', 'Parfait, je prépare l’espace du pilote d’ici là.', 'next=-'],
      ],
      [
        ['P', 'Si le pilote est concluant, on veut signer d’ici fin mars.', 'next=2027-03-31 timeline'],
        ['R', 'Entendu, on construit le planning à rebours.'],
      ],
      [
        ['P2', 'Je vais inviter notre RSSI pour la revue de sécurité.', 'next=- process'],
        ['R', 'Merci, je vous transmets notre rapport de test d’intrusion pour qu’il commence.', 'next=-'],
      ],
      [
        ['R', 'On se revoit le jeudi 3 décembre à 10h pour passer la proposition en revue ?', 'next=2026-12-03'],
        ['P', 'Le 3 décembre me va très bien.', 'nextc'],
      ],
    ],
    noise: [
      [
        ['R', 'Vous avez passé un bon week-end ?'],
        ['P', 'Très bien, un peu de soleil enfin. Et vous ?'],
        ['R', 'Calme, merci.'],
      ],
      [
        ['P', 'Pardon, vous m’entendez ? Ma connexion est mauvaise aujourd’hui.'],
        ['R', 'Oui, je vous entends bien maintenant.'],
      ],
      [
        ['R', 'Donc le—', '', true],
        ['P', 'Pardon, allez-y.'],
        ['R', 'Non, je vous en prie, allez-y.'],
        ['P', 'Euh, j’allais juste dire, oui, ça a du sens.'],
      ],
      [
        ['P', 'Mmh.'],
        ['R', 'D’accord.'],
      ],
      [
        ['P', 'Au fait, vous avez vu le match hier soir ?'],
        ['R', 'Oui, quelle fin de match !'],
      ],
      [
        ['P2', 'Désolé, je viens d’arriver, ma réunion précédente a débordé.'],
        ['R', 'Pas de souci, bienvenue.'],
      ],
    ],
  },
};
