import { sentences, w, type RoleOf } from './call-extract.ts';
import { FILLER } from './call-model/model.ts';
import {
  QUALIFICATION_BOXES,
  type CallAnalysis,
  type QualificationBox,
  type TranscriptLanguage,
} from './schemas/call-insights.ts';
import type { TranscriptLine } from './transcript.ts';

/**
 * The qualification checklist (issue 34): MEDDICC's eight boxes — metrics, economic buyer,
 * decision criteria, decision process, paper process, identify pain, champion, competition — and
 * budget and timeline, which the product's scores and coaching also use. A box is ticked only by a
 * buyer-side line that evidences it, cited and quoted; a seller's pitch or price list never ticks
 * one, nor does a question. English, French and Québec French are read alike, and money in any
 * currency or spoken form ("a hundred K", "cent mille", "40 k€", "deux cent mille piastres").
 *
 * The checklist an analysis carries is the one source of what was qualified: the score, the
 * "Not discussed: …" feedback and the manager's coaching all read it (`checklistOf`), so they
 * cannot contradict each other.
 */

export interface QualificationFinding {
  ticked: boolean;
  text: string | null;
  lines: number[];
  quote?: string;
}

export type QualificationChecklist = Record<QualificationBox, QualificationFinding>;

/** The qualification boxes' names, as the feedback and the scores' reasons write them. */
export const BOX_TITLES: Record<TranscriptLanguage, Record<QualificationBox, string>> = {
  en: {
    metrics: 'Metrics',
    economicBuyer: 'Economic buyer',
    decisionCriteria: 'Decision criteria',
    decisionProcess: 'Decision process',
    paperProcess: 'Paper process',
    identifyPain: 'Pain',
    champion: 'Champion',
    competition: 'Competition',
    budget: 'Budget',
    timeline: 'Timeline',
  },
  fr: {
    metrics: 'Indicateurs',
    economicBuyer: 'Décideur économique',
    decisionCriteria: 'Critères de décision',
    decisionProcess: 'Processus de décision',
    paperProcess: 'Processus contractuel',
    identifyPain: 'Problème identifié',
    champion: 'Champion',
    competition: 'Concurrence',
    budget: 'Budget',
    timeline: 'Calendrier',
  },
};

// --- money, in any currency and spoken form ---

const NUMBER_WORD =
  '(?:\\d[\\d.,]*|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|half|point|and|un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|treize|quatorze|quinze|seize|vingts?|trente|quarante|cinquante|soixante|cents?|et|virgule|demi|dozens?|couple|few|several|dizaines?|douzaines?|quinzaines?|vingtaines?|trentaines?|quarantaines?|cinquantaines?|centaines?|milliers?)';
const NUMBER = `${NUMBER_WORD}(?:[\\s-]+${NUMBER_WORD})*`;
const CURRENCY_WORD =
  '(?:dollars?|bucks|euros?|pounds?|quid|sterling|francs?|piastres?|balles|chf|eur|usd|gbp|cad|aud|yens?|pesos?|reais|rands?|kronor|couronnes?|livres?)';
const MAGNITUDE = '(?:thousand|million|millions|billion|mille|milliards?|mil|grand|k|m|mn|bn)';

/** "$40k", "CA$ 90,000", "CHF 50'000", "€40k", "£2.40". */
const MONEY_SYMBOL = w(/(?:(?:ca|c|us|a|au|nz)?\$|€|£|\bchf|\beur|\busd|\bgbp|\bcad)\s?\d/i);
/** "40 k€", "350k€", "90 000 $", "80,000 euros", "1.2M$", "12 bucks". */
const MONEY_TRAILING = w(
  new RegExp(
    `\\d[\\d.,'\\u00a0\\u202f ]*\\s?(?:${MAGNITUDE}\\s?)?(?:[€$£]|${CURRENCY_WORD}\\b)|\\d+(?:[.,]\\d+)?\\s?(?:k|m|mn|bn)\\b(?!\\s*(?:users?|utilisateurs?|seats?|records?|players?|events?|devices?|rows?|requests?|km|kg|m²))`,
    'i',
  ),
);
/** "a hundred K", "two hundred and fifty grand", "four hundred and twenty thousand euros", "deux cent mille piastres". */
const MONEY_SPOKEN_CURRENCY = w(new RegExp(`\\b${NUMBER}(?:[\\s-]+${MAGNITUDE})?\\s+${CURRENCY_WORD}\\b`, 'i'));
const MONEY_SPOKEN_K = w(
  new RegExp(`\\b${NUMBER}[\\s-]+(?:k|grand)\\b(?!\\s*(?:users?|utilisateurs?|seats?|players?|events?|km))`, 'i'),
);
/** "a hundred thousand", "cent mille", "un million": money when the sentence speaks of money and no other noun follows. */
const SPOKEN_AMOUNT = w(
  new RegExp(`\\b${NUMBER}[\\s-]+(?:thousand|million|millions|billion|mille|milliards?)\\b(?:\\s+(\\p{L}+))?`, 'iu'),
);
const MILLION_ALONE = w(/\b(?:le|du|au|un|the|a) million\b/i);
const AFTER_AMOUNT = new Set(
  'a an per for over in on and budgeted including all each this the up or to with par pour sur au à en et tout hors ht ttc de du annuels annuel annuelles year yearly annually total max maximum is that so then but approved set upfront net gross dollar euro pound franc'.split(
    ' ',
  ),
);
const MONEY_CONTEXT = w(
  /\b(?:budget\w*|cost\w*|price\w*|pricing|spend\w*|spent|pay\w*|invoice\w*|quote\w*|sign\w*|approv\w*|over|above|under|beyond|up to|anything|capex|opex|funding|funded|grant|year one|first year|a year|per year|annual\w*|au-delà|au-dessus|dessous|dépass\w*|coût\w*|coûte\w*|prix|tarif\w*|budg\w*|provisionn\w*|prévu\w*|enveloppe|offre|factur\w*|par an|par année|l'an|plan)\b/i,
);

/** What any amount of money has: a digit, a currency sign, or a word of size or currency (a cheap test first). */
const MAY_BE_MONEY =
  /[\d$€£]|\b(?:k|grand|thousand|million|millions|billion|mille|milliards?|dollars?|bucks|euros?|pounds?|quid|francs?|piastres?|balles|chf)\b/i;

/** Whether a sentence states an amount of money, in any currency or spoken form. */
export function statesMoney(sentence: string): boolean {
  if (!MAY_BE_MONEY.test(sentence)) return false;
  if (MONEY_SYMBOL.test(sentence) || MONEY_TRAILING.test(sentence)) return true;
  if (MONEY_SPOKEN_CURRENCY.test(sentence) || MONEY_SPOKEN_K.test(sentence)) return true;
  const spoken = SPOKEN_AMOUNT.exec(sentence);
  if (spoken) {
    const next = spoken[1]?.toLowerCase();
    if ((next === undefined || AFTER_AMOUNT.has(next)) && MONEY_CONTEXT.test(sentence)) return true;
  }
  return MILLION_ALONE.test(sentence) && MONEY_CONTEXT.test(sentence);
}

// --- what evidences each box, said by the buyer ---

// A quantity starts with a number, not with "a", "and" or "et" ("a week" is no figure).
const QUANTITY = `(?:\\d[\\d.,]*|(?!(?:a|an|and|et|point|un|une|half|demi)\\b)${NUMBER_WORD}(?:[\\s-]+${NUMBER_WORD})*)`;
const UNIT =
  '(?:hours?|days?|weeks?|months?|minutes?|seconds?|percent|per ?cent|points?|times|fte|ftes|people|employees|dppm|heures?|jours?|semaines?|mois|secondes?|pour ?cent|fois|etp|personnes|temps plein)';
const QUANTIFIED = w(new RegExp(`(?:\\b${QUANTITY}\\s*(?:%|(?:d'|de\\s+|of\\s+|\\p{L}+\\s+)?${UNIT}\\b))`, 'iu'));
/** Cheap tests first: a unit a metric needs, a word an economic buyer's line has. */
const MAY_BE_QUANTIFIED = new RegExp(`%|\\b${UNIT}\\b`, 'i');
const MAY_BE_AUTHORITY =
  /sign|approv|budget|purse|final|veto|d[ée]cid|valid|tien|d[ée]tien|dernier|cordons|bourse|paie|pays|send it|arbitr|go (?:up )?to|holder|owns|control|g[èe]re|checkbook|cheque/i;
const IMPACT = w(
  /\b(?:lose|loses|lost|losing|cost|costs|costing|spend|spends|spent|take|takes|took|taking|waste\w*|cut\w*|reduc\w*|down to|under|below|from\b.{1,60}\bto|want (?:it|that|this)|target\w*|goal|objective|aim|sav\w*|increas\w*|grow\w*|went|gone up|rose|drop\w*|churn\w*|improv\w*|faster|less|fewer|more than|per|a (?:day|week|month|year|term)|moins|plus que|every|average|avg|perd\w*|coût\w*|coûte\w*|passe\w*|prend|prennent|mobilis\w*|objectif|cible|réduire|baisser|gagner|économis\w*|estim\w*|moyen\w*|par|chaque|contre|au lieu de|instead of)\b/i,
);
/** Money the buyer loses or pays today: "that cost us four hundred grand", "chacun nous a coûté deux cent mille euros". */
const MONEY_IMPACT = w(
  /\b(?:cost us|costs? (?:us|around|about)|costing|lost|losing|lose|savings?|save|rework|penalt\w*|overtime|current cost|we pay|spend|coût\w*|coûte\w*|perd\w*|pénalités|paie|payons|dépens\w*|économis\w*|temps supplémentaire)\b/i,
);
const METRIC_WORDS = w(
  /\b(?:kpis?|metrics?|roi|payback|measure (?:of )?success|success (?:looks like|means|metric)|indicateurs?|mesurer|mesure de succès|retour sur investissement)\b/i,
);

const PAIN = w(
  /\b(?:problems?|pain\w*|issues?|struggl\w*|frustrat\w*|hate|nightmare|headache|disaster|broken|manual\w*|spreadsheets?|excel|by hand|out of date|fell over|falls? over|crash\w*|outages?|went down|goes down|lose|losing|lost|waste\w*|too slow|slow|too long|takes forever|errors?|mistakes?|escapes|complain\w*|no visibility|visibility|sit in (?:e-?mail|inboxes)|re-?key\w*|retyp\w*|copy and paste|reconcil\w*|cost us|churn\w*|backlog|bottleneck\w*|stopped updates|end of life|no longer supported|can't keep up|drowning|chaos|messy|painful|tedious|worst|fails?|failed|failing|late|delays?|delayed|problème\w*|soucis?|galère\w*|cauchemar|plant\w*|tomb\w*|perd\w*|perte\w*|à la main|manuel\w*|tableurs?|retap\w*|ressais\w*|erreurs?|retards?|dérap\w*|lent\w*|trop long\w*|submerg\w*|on découvre|difficile\w*|pénible|fastidieu\w*|pas à jour|visibilité|obsolète\w*|vieux|vieille|coince|frustr\w*|bordel|casse-tête|débord\w*|à moitié vide)\b/i,
);

const ECONOMIC_BUYER = w(
  /\b(?:holds? the (?:\w+ )?(?:budget|purse strings|purse|money|checkbook|cheque ?book)|owns? the (?:\w+ )?budget|controls? the (?:\w+ )?budget|budget holder|signs? (?:anything|everything|all|off|the contract|contracts|the cheque|the check|it|this)|(?:needs?|requires?|needs? to get|has to get)\b(?:.{0,50}[\s'])?(?:signature|sign[- ]?off|approval|to sign|to approve)|final (?:say|call|word|decision|sign[- ]?off|approval)|(?:i'm|i am) the one who (?:signs|approves|decides)|i can sign|i (?:sign|approve) (?:it|this|anything|contracts|the)|i hold the budget|(?:has to|have to|must|will|needs? to) go (?:up )?to (?:our|the|my)|(?:cfo|ceo|coo|cio|cto|cro|vp|svp|evp|president|owner|director|board|head of|managing director|chief \w+ officer|vice chancellor|publisher)\b(?:.{0,60}[\s'])?(?:signs?|signature|approves?|approval|budget|purse|final|decides?|sign[- ]?off|veto|send it back)|(?:signs?|signed|approved|approval)\b(?:.{0,30}[\s'])?(?:by|from) (?:our|the|my) (?:cfo|ceo|coo|cio|cto|vp|president|owner|director|board|finance)|(?:tien\w*|détien\w*|gère|gèrent|contrôle) (?:le|les|la) (?:\w+ )?(?:budget|cordons|bourse|enveloppe)|c'est (?:moi|lui|elle|notre|mon|ma|le|la|leur)\b(?:.{0,50}[\s'])?qui (?:signe|décide|tranche|valide|tient|a le dernier mot|approuve)|dernier mot|signature (?:finale|du contrat)|(?:lui|elle|il) (?:y )?signe|(?:au-delà|au-dessus|en dessous|plus) d[e'](?:.{0,40}[\s'])?(?:signe|signature|décide|valid\w*|approb\w*|accord|dg|directeur|directrice|président\w*|conseil)|(?:dg|daf|pdg|directeur|directrice|président\w*|vp|propriétaire|conseil d'administration)\b(?:.{0,50}[\s'])?(?:signe|signature|tient|décide|valide|approuve|dernier mot|budget))\b/i,
);

const AUTHORITY_VERB = w(
  /\b(?:approv\w*|signs?|signed|signature|sign[- ]?off|veto|final (?:decision|say)|décision finale|arbitr\w*|valide|approuv\w*|(?:tient|a) le budget|paie|pays for|send it back|renvoyer|decides?|décide\w*|has the final)\b/i,
);
const BUYER_ROLE = w(
  /\b(?:cfo|ceo|coo|cio|cto|cro|vp|svp|evp|president|owners?|director|board|council|head|chief|vice[- ]chancellor|publisher|finance|executive|supervisors|dg|daf|pdg|directeur|directrice|président\w*|propriétaire|conseil|éditeur|syndic|municipalité|junta|général\w*|vice-président\w*)\b/i,
);
const THRESHOLD = w(
  /\b(?:anything (?:over|above|beyond|bigger|that isn't)|au-delà|au-dessus|dépass\w*|en dessous|tout ce qui)\b/i,
);

const CHAMPION = w(
  /\b(?:(?:i'm|i am|i've been|i have been) (?:the one )?(?:driving|pushing|championing|sponsoring|leading|making the case|fighting for|selling)|the one (?:driving|pushing|championing|sponsoring) (?:this|it)|driving (?:this|it) internally|i'll (?:push|champion|sell it|make the case|advocate|fight for|bring it to|take it to|present (?:it|this|the)|go to bat)|i will (?:push|champion|make the case|advocate|present)|pushing for (?:you|this|it)|(?:internal|executive) (?:sponsor|champion)|i'm (?:sold|convinced|your (?:champion|sponsor|advocate))|(?:i'm|i am) (?:the )?(?:sponsor|champion)|c'est moi qui (?:pousse|porte|défends|mène|pilote|drive)|je (?:pousse|porte|défends|mène) (?:le|ce|ce|votre) (?:dossier|projet)|je (?:vais|me charge de) (?:convaincre|défendre|porter|pousser|présenter|vendre)|(?:sponsor|porteur|porteuse) (?:du|de ce|interne)|je (?:suis|serai) (?:convaincu\w*|votre sponsor|le sponsor|la sponsor))\b/i,
);

const COMPETITION = w(
  /\b(?:(?:also|currently|already) (?:looking at|evaluating|talking to|considering|speaking with|in talks with|talking with|being pitched|got a quote)|who else we(?:'re| are)|compar\w* (?:this|you|it|them)? ?(?:against|with|to)|had a demo (?:of|with|from)|we've seen|we have seen|competitors?|competition|competing|alternatives?|other vendors?|another vendor|other (?:options?|providers?|tools?|solutions?)|two others|incumbent|current (?:provider|vendor|tool|system|supplier)|came in (?:at|around|under|lower|cheaper)|(?:quote|proposal|offer|bid) from|build (?:it|this|our own) (?:ourselves|in-house)|build it ourselves|in-house|homegrown|home-grown|being pitched by|shortlist\w*|(?:regard\w*|évalu\w*|étudi\w*|compar\w*|consult\w*|rencontr\w*) aussi|aussi (?:regard\w*|évalu\w*|rencontr\w*|une offre)|on a (?:vu|regardé|rencontré|eu une démo)|(?:une|l') ?offre d[e'’]|concurren\w*|autres? (?:solutions?|éditeurs?|fournisseurs?|options?|prestataires?|offres?)|deux autres|solution maison|refonte maison|développer nous-mêmes|le faire nous-mêmes|en interne avec|notre (?:prestataire|fournisseur|outil|solution) actuel\w*|nous propose|celle d[e'’])\b/i,
);

const PAPER_PROCESS = w(
  /\b(?:legal|counsel|attorneys?|lawyers?|procurement|purchasing|msa|dpa|baa|nda|sow|redlines?|terms and conditions|t&cs?|standard terms|contracts? go(?:es)? through|purchase orders?|po|supplier (?:system|portal|onboarding|registration|form)|vendor (?:onboarding|registration|risk|form|setup|qualification|security)|insurance certificates?|security questionnaire|framework agreement|rfp|rfq|tender|three quotes|net (?:30|45|60|90|thirty|forty-five|sixty|ninety)|payment terms|termination|clauses?|e-?signature|paperwork|contract review|juridique|avocat\w*|achats|approvisionnement|contrat[- ]cadre|avenant|annexe\w*|bon de commande|référencement|appel d'offres|consultation formelle|cahier des charges|accord de (?:confidentialité|sous-traitance)|annexe rgpd|procédure (?:formalisée|de marché)|marché public|signature électronique|conditions générales|entente|service des contrats)\b/i,
);

const DECISION_PROCESS = w(
  /\b(?:(?:steering|investment|architecture|executive|selection|evaluation|technology|security) committee|committee|board (?:approval|meeting|signs|approves|has to)|goes? to (?:the )?(?:board|committee|council|exec)|council (?:approves|votes)|then (?:it goes|we|legal|procurement|the board|\w+ (?:signs|approves|decides))|recommendation|recommend|score (?:the|three|vendors|the finalists)|evaluation|evaluate|proof of concept|poc|security review|the process|once \w+ (?:agrees|signs off|is happy)|has to approve|approves? (?:it|the|anything)|goes? to the board|une fois qu\w*|revue (?:de )?sécurité|puis (?:aux|au|à la)|how this goes|how (?:we|this) (?:decide|buy)|sign off on|veto|approves|comité\w*|conseil|commission|recommandation|recommande\w*|évaluation\w*|processus|ensuite (?:je|ça|il|elle|on)|puis (?:le|la|ça|on|je)|avis (?:favorable|de)|passe (?:au|devant|par)|c'est \w+ qui décide|qui décide)\b/i,
);

const DECISION_CRITERIA = w(
  /\b(?:what (?:matters|counts|will decide|decides|wins)|the thing that (?:matters|decides)|criteria|criterion|whoever \w+|matters? (?:to|most|for|the most)|what (?:we|they|el \w+|\w+) will (?:ask|look at|judge)|(?:wins|gets) the deal|deal[- ]?breakers?|non[- ]negotiable|not negotiable|must[- ]haves?|that's the floor|(?:we'll|we will) (?:choose|decide|pick|judge)|(?:three|two|four) things|(?:first|second|top|number one) (?:priority|criterion|thing)|the (?:other )?big one|has to (?:be|meet|run|integrate|work|support|comply|keep|post|stay|handle)|have to (?:be|meet|run|comply|stay)|needs? to (?:be|meet|run|integrate|comply|stay)|must (?:be|meet|run|integrate|comply|support|stay)|won't accept|can't (?:have|accept|leave|store|stream|go)|nothing (?:gets|leaves|goes|is)|critères?|ce qui (?:va trancher|compte|importe|fera la différence)|trancher|le choix se fera|(?:doit|doivent) (?:être|tourner|respecter|rester|fonctionner|gérer|s'intégrer)|il faut que (?:ça|ce soit|l'outil|la solution)|faut que (?:ça|ce soit)|incontournable\w*|non négociable|obligatoire|exigence\w*|avant tout|on y tient|pas juste le prix|(?:peut|peuvent) pas (?:sortir|quitter|être)|c'est (?:la|une) condition)\b/i,
);

const TIMELINE = w(
  /\b(?:go[- ]live|live (?:by|before|in)|launch\w*|deadline|by (?:the )?(?:end of|q[1-4]|january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|fall|autumn|winter)|before (?:the )?(?:end|\d|next|our|first|spring|summer|fall|winter|january|february|march|april|may|june|july|august|september|october|november|december)|q[1-4]|this quarter|next quarter|end of (?:the )?(?:quarter|year|month|fiscal)|fiscal year|renew\w* (?:is )?in|contract (?:ends|expires|runs out)|start in|in (?:january|february|march|april|may|june|july|august|september|october|november|december)|timeline|mise en (?:production|service)|(?:être|passer|va|aller) en production (?:en|d'ici|avant|au|le)|échéance|d'ici (?:la |le |l')?(?:fin|début|mi|été|printemps|automne|hiver|noël|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre)|avant (?:le|la|les|l') ?(?:fin (?:du|de l'|de la|d')|début|premier|\d|rush|printemps|été|automne|hiver|saison|rentrée|lancement|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre)|avant noël|au plus tard|trimestre|date butoir|démarrage|bascule|renouvellement (?:est |arrive |tombe )?(?:en|le|au|dans)|en (?:janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre)|au printemps|à l'automne|cet été|cet hiver|la rentrée)\b/i,
);
/** Money the buyer loses or pays today (a metric), never money to spend. */
const MONEY_LOST = w(
  /\b(?:cost us|costs us|costing us|lost|losing|we lose|rework|penalt\w*|overtime|underpriced|we pay|we're paying|we are paying|a coûté|ont coûté|nous coûte|perdu\w*|perte\w*|pénalités|on paie|nous payons|temps supplémentaire|adds up)\b/i,
);
/** "No problem", "pas de souci": politeness, no pain. */
const NO_PROBLEM = w(
  /\b(?:no problem|not a problem|no worries|no issue|pas de (?:problème|souci)|sans problème|aucun problème)\b/i,
);
/** Who holds or approves the budget: the economic buyer, not an amount. */
const HOLDS_BUDGET = w(
  /\b(?:holds?|owns?|controls?|approves?|has) the (?:\w+ )?budget|(?:tien\w*|détien\w*|gère|a|approuve) (?:le|la) (?:\w+ )?(?:budget|enveloppe)\b/i,
);
const BUDGET_WORDS = w(
  /\b(?:budget\w*|enveloppe|funding|funded|set aside|earmarked|allocated|approval for|line for|capex|opex|grant|provisionn\w*|prévu au budget|au plan|on a prévu|votée|financement)\b/i,
);

/** A seller's question that asks about a box: the buyer's reply right after it evidences that box. */
const ASKS_ABOUT: Partial<Record<QualificationBox, RegExp>> = {
  budget: w(
    /\b(?:budget\w*|how much (?:are you|do you|were you|have you)|spend|envelope|enveloppe|combien (?:vous|avez|pensiez|prévoyez)|montant)\b/i,
  ),
  economicBuyer: w(
    /\b(?:who (?:signs|approves|holds|owns|has the final|makes the final|controls)|final (?:say|decision|sign)|budget holder|qui (?:signe|valide|tient|décide|a le dernier mot|approuve))\b/i,
  ),
  champion: w(/\b(?:who(?:'s| is) (?:driving|pushing|championing|sponsoring)|qui (?:porte|pousse|pilote))\b/i),
  competition: w(
    /\b(?:who else|anyone else|other (?:vendors|solutions|options|tools)|looking at (?:other|anyone)|using today|what do you use|compar\w+|competitors?|d'autres (?:solutions|éditeurs|fournisseurs|options)|qui d'autre|concurren\w*|vous utilisez (?:aujourd'hui|actuellement))\b/i,
  ),
  timeline: w(
    /\b(?:when (?:do|would|are) you (?:need|want|hope|plan|looking)|timeline|by when|go[- ]live|quand (?:voulez|souhaitez|pensez|comptez)|d'ici quand|échéance|calendrier)\b/i,
  ),
  decisionProcess: w(
    /\b(?:(?:decision|buying|approval|evaluation) process|how (?:do you|will you|does your team) (?:decide|choose|buy|evaluate)|what happens next|next steps on your side|processus|comment (?:se passe|vous décidez|ça se passe)|qui (?:d'autre )?(?:est impliqué|participe))\b/i,
  ),
  paperProcess: w(/\b(?:legal|procurement|contract(?:s|ing)? process|paperwork|purchasing|juridique|achats|contrat)\b/i),
  decisionCriteria: w(
    /\b(?:what (?:matters|will decide|are you (?:looking|evaluating))|criteria|how will you (?:choose|decide|compare|judge)|must[- ]haves?|critères|ce qui (?:compte|va trancher))\b/i,
  ),
  metrics: w(
    /\b(?:how (?:many|much|long) (?:hours|time|does it|is it|are you|do you)|what does (?:it|that) cost you|measure success|kpis?|metrics?|combien de (?:temps|jours|heures)|indicateurs?)\b/i,
  ),
  identifyPain: w(
    /\b(?:what(?:'s| is) (?:the |your )?(?:problem|challenge|pain|not working|broken)|what prompted|why now|biggest challenge|qu'est-ce qui (?:coince|bloque|ne marche pas)|quel (?:est le |)problème|pourquoi maintenant)\b/i,
  ),
};

const SMALL_TALK = w(
  /\b(?:hear me|see my screen|on mute|how are you|how's it going|good weekend|weather|vous m'entendez|tu m'entends|vous voyez mon écran|comment allez-vous|bon week-end|coffee|café|is it raining|il pleut|the match|le match|vacances|holiday)\b/i,
);

/** The boxes a phrase alone evidences, and how strongly. */
const PHRASED: Record<Exclude<QualificationBox, 'budget' | 'metrics' | 'identifyPain' | 'economicBuyer'>, [RegExp, number]> = {
  champion: [CHAMPION, 3],
  competition: [COMPETITION, 3],
  paperProcess: [PAPER_PROCESS, 2],
  decisionProcess: [DECISION_PROCESS, 2],
  decisionCriteria: [DECISION_CRITERIA, 2],
  timeline: [TIMELINE, 2],
};

/** How strongly a statement evidences a box (0: not at all). */
export function evidence(box: QualificationBox, s: string, line: string): number {
  switch (box) {
    case 'budget': {
      // Money lost or paid today is a metric, not money to spend; "holds the budget" names a person.
      const money = statesMoney(s);
      if (money && MONEY_LOST.test(s) && !BUDGET_WORDS.test(s)) return 0;
      if (!money && HOLDS_BUDGET.test(s)) return 0;
      return (BUDGET_WORDS.test(s) ? 2 : 0) + (money ? 2 : 0);
    }
    case 'metrics':
      return (
        (METRIC_WORDS.test(s) ? 2 : 0) +
        (MAY_BE_QUANTIFIED.test(s) && IMPACT.test(line) && QUANTIFIED.test(s) ? 2 : 0) +
        (statesMoney(s) && MONEY_IMPACT.test(s) ? 2 : 0)
      );
    case 'identifyPain':
      return PAIN.test(s) && !NO_PROBLEM.test(s) ? 2 : 0;
    case 'economicBuyer':
      if (!MAY_BE_AUTHORITY.test(s)) return 0;
      return ECONOMIC_BUYER.test(s) ? 3 : AUTHORITY_VERB.test(s) && (BUYER_ROLE.test(s) || THRESHOLD.test(s)) ? 2 : 0;
    default: {
      const [pattern, weight] = PHRASED[box];
      return pattern.test(s) ? weight : 0;
    }
  }
}

/** The highest evidence each box can get: three such lines leave nothing for a later line to win. */
const TOP_SCORE: Record<QualificationBox, number> = {
  budget: 4,
  metrics: 6,
  identifyPain: 2,
  economicBuyer: 3,
  champion: 3,
  competition: 3,
  paperProcess: 2,
  decisionProcess: 2,
  decisionCriteria: 2,
  timeline: 2,
};

interface Candidate {
  line: TranscriptLine;
  score: number;
  quote: string;
}

const unticked = (): QualificationFinding => ({ ticked: false, text: null, lines: [] });

/**
 * The checklist of a call: each box with the buyer-side lines that evidence it (at most three,
 * the strongest first for the quote), or unticked.
 */
export function qualifyCall(lines: readonly TranscriptLine[], roleOf: RoleOf): QualificationChecklist {
  const candidates = new Map<QualificationBox, Candidate[]>(QUALIFICATION_BOXES.map((b) => [b, []]));
  // The box a seller's last question asked about, answered by the next buyer turn.
  let asked: { boxes: QualificationBox[]; at: number } | null = null;
  const settled = new Set<QualificationBox>();
  // A sentence said again (a greeting, "Yes, exactly.", a pasted transcript twice) is scored once.
  const scored = new Map<string, number>();
  const askedIn = new Map<string, QualificationBox[]>();
  const scoreOf = (box: QualificationBox, sentence: string, line: string) => {
    const key = `${box}\u0000${sentence}\u0000${box === 'metrics' ? line : ''}`;
    let score = scored.get(key);
    if (score === undefined) scored.set(key, (score = evidence(box, sentence, line)));
    return score;
  };
  for (const [index, line] of lines.entries()) {
    const role = roleOf(line);
    const text = line.text.trim();
    if (role === 'rep') {
      let boxes = askedIn.get(text);
      if (!boxes) {
        const questions = sentences(text).filter((s) => s.endsWith('?'));
        boxes = QUALIFICATION_BOXES.filter((b) => questions.some((q) => ASKS_ABOUT[b]?.test(q)));
        askedIn.set(text, boxes);
      }
      asked = boxes.length ? { boxes, at: index } : asked && index - asked.at <= 1 ? asked : null;
      continue;
    }
    if (role !== 'prospect' || FILLER.test(text)) continue;
    // The buyer's statements: a question or small talk evidences nothing.
    const statements = sentences(text).filter((s) => !s.endsWith('?') && !SMALL_TALK.test(s));
    for (const box of QUALIFICATION_BOXES) {
      // Three lines at the top score already: the box is settled (and a 2 MB transcript stays fast).
      if (settled.has(box)) continue;
      let best: { score: number; quote: string } | null = null;
      for (const s of statements) {
        const score = scoreOf(box, s, text);
        if (score > (best?.score ?? 0)) best = { score, quote: s };
      }
      if (!best && asked?.boxes.includes(box) && index - asked.at <= 2 && statements.length) {
        // "Who signs?" — "Our CFO, Maria." The answer evidences the box asked about.
        best = { score: 1, quote: statements[0]! };
      }
      if (best) {
        // Only the three strongest are kept, the earliest first among equals.
        const found = candidates.get(box)!;
        if (found.length < 3 || best.score > found[2]!.score) {
          if (found.length === 3) found.pop();
          found.push({ line, ...best });
          found.sort((a, b) => b.score - a.score || a.line.number - b.line.number);
        }
        if (found.length === 3 && found[2]!.score >= TOP_SCORE[box]) settled.add(box);
      }
    }
    asked = null;
  }
  const result = {} as QualificationChecklist;
  for (const box of QUALIFICATION_BOXES) {
    const found = candidates.get(box)!;
    if (!found.length) {
      result[box] = unticked();
      continue;
    }
    // Kept ranked: the strongest evidence, earliest first among equals.
    const top = found[0]!;
    result[box] = {
      ticked: true,
      text: top.line.text,
      lines: found.map((c) => c.line.number).sort((a, b) => a - b),
      quote: top.quote,
    };
  }
  return result;
}

/**
 * The checklist an analysis carries, every box present: the one source the score, the feedback
 * and the coaching read. An analysis stored before the checklist existed has none (null).
 */
export function checklistOf(analysis: Pick<CallAnalysis, 'qualification'>): QualificationChecklist | null {
  const boxes = analysis.qualification;
  if (!boxes) return null;
  return Object.fromEntries(QUALIFICATION_BOXES.map((box) => [box, boxes[box] ?? unticked()])) as QualificationChecklist;
}

/** The boxes a checklist leaves empty, in checklist order. */
export const emptyBoxes = (checklist: QualificationChecklist): QualificationBox[] =>
  QUALIFICATION_BOXES.filter((box) => !checklist[box].ticked);

const NOT_DISCUSSED = /^(?:Not discussed: |Non abordé : )/;

/**
 * The commercial score's "Not discussed: …" reason rewritten from the checklist, whoever wrote the
 * analysis: after the citation check has unticked a box whose line did not hold, or when a model
 * wrote its own list, the reason still names exactly the boxes the checklist leaves empty.
 */
export function alignWithChecklist<T extends Pick<CallAnalysis, 'qualification' | 'commercialScore' | 'language'>>(
  analysis: T,
): T {
  const checklist = checklistOf(analysis);
  if (!checklist) return analysis;
  const titles = BOX_TITLES[analysis.language];
  const missing = emptyBoxes(checklist);
  // A box the check unticked is no longer "found in the call" either.
  const found = missing.flatMap((box) => [
    `${BOX_TITLES.en[box]}: found in the call`,
    `${BOX_TITLES.fr[box]} : trouvé dans l'appel`,
  ]);
  const reasons = analysis.commercialScore.reasons.filter(
    (r) => !NOT_DISCUSSED.test(r.text) && !found.some((prefix) => r.text.startsWith(prefix)),
  );
  if (missing.length) {
    reasons.push({
      text: (analysis.language === 'fr' ? 'Non abordé : ' : 'Not discussed: ') + missing.map((box) => titles[box]).join(', '),
      lines: [],
    });
  }
  return { ...analysis, commercialScore: { ...analysis.commercialScore, reasons: reasons.slice(0, 20) } };
}
