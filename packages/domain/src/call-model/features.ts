/**
 * The features of the call-analysis turn model (docs/call-analysis.md, "The turn model"): what a
 * turn of a call says, read in a way that carries over to calls the model has never seen —
 * accent-folded words and word pairs, short word stems, and linguistic cues (modality, negation,
 * whose perspective, question form, hypotheticals) crossed with the speaker's side. Pure and
 * deterministic: the training script (apps/server/src/cli/train-call-model.ts) and the analyzer
 * compute them with this same code.
 */

export type Side = 'rep' | 'prospect' | null;

/** Lower case, accents folded, typographic apostrophes and dashes made plain. */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/[‐-―]/g, '-');

const ELISION = /^(l|d|n|j|qu|s|c|m|t|jusqu|lorsqu|puisqu)'(.+)$/;

/** Word tokens of folded text: "l'hébergement" → l', hebergement; "can't" stays one word. */
export function tokens(folded: string): string[] {
  const out: string[] = [];
  for (const raw of folded.match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? []) {
    const elided = ELISION.exec(raw);
    if (elided) out.push(`${elided[1]}'`, elided[2]!);
    else out.push(raw);
  }
  return out;
}

/** Obligation and prohibition: the shape of a constraint. */
const MODAL =
  /\b(?:must|musn't|mustn't|need(?:s|ed)? to|needs|have to|has to|had to|got to|gotta|required?|requires|requirement|mandatory|compulsory|can't|cannot|can not|won't|will not|not allowed|allowed|only|never|no way|non-negotiable|policy|regulat\w*|compliance|law|legal(?:ly)?|auditors?|doi[st]|doivent|devons|devra\w*|faut|faudra\w*|obligatoire\w*|oblig\w*|exig\w*|pas le droit|interdit\w*|peu[tx] pas|pouvons pas|peuvent pas|hors de question|imperati\w*|impose\w*|seulement|uniquement|jamais|loi|reglement\w*|conformite|essentiel\w*|critique|indispensable|non negociable|primordial)\b/;
/** A wish or need said about oneself. */
const WANT =
  /\b(?:we need|we'd need|we want|we'd want|we'd like|i need|i want|i'd like|looking for|we expect|expect|has to be|have to be|should be|ideally|we're after|on a besoin|nous avons besoin|j'ai besoin|on veut|nous voulons|je veux|on voudrait|nous voudrions|je voudrais|on aimerait|nous aimerions|on cherche|nous cherchons|il nous faut|il me faut|on s'attend|souhait\w*)\b/;
const NEGATION =
  /\b(?:not|no|never|nothing|none|nobody|don't|doesn't|didn't|isn't|aren't|wasn't|won't|can't|cannot|shouldn't|ne|n'|pas|jamais|rien|aucun\w*|personne|plus)\b/;
/** A negated wish: "we don't need mobile", "pas besoin de". */
const NEGATED_WISH =
  /\b(?:(?:don't|do not|doesn't|won't|wouldn't) (?:really )?(?:need|want|care|require|use)|no need|not (?:a|an) (?:requirement|priority|must)|not needed|not required|nice to have|pas besoin|pas (?:vraiment )?(?:necessaire|prioritaire|obligatoire|indispensable)|on n'a pas besoin|nous n'avons pas besoin|on s'en fiche|ca nous est egal|peu importe|not important|doesn't matter)\b/;
const WE = /\b(?:we|our|ours|us|we're|we've|we'd|we'll|nous|notre|nos|on|chez nous|mon|ma|mes|my|i|je|j')\b/;
const YOU = /\b(?:you|your|yours|you're|you've|you'd|you'll|vous|votre|vos|tu|ton|ta|tes)\b/;
/** The seller's voice: what the product does ("we support", "our platform", "nous proposons"). */
const SELLER_CLAIM =
  /\b(?:we (?:support|offer|provide|run|host|have|can|do|use|ship|include|integrate|handle|store|keep|encrypt|deliver)|our (?:platform|product|solution|customers?|clients?|connectors?|api|team|roadmap|engineers?|pricing|standard|tool|app)|out of the box|natively|nous (?:proposons|supportons|offrons|fournissons|hebergeons|gerons|avons|pouvons)|notre (?:plateforme|produit|solution|offre|outil|equipe)|nos (?:clients|connecteurs|equipes)|en standard|nativement|most of our|la plupart de nos|you can|you'll be able|vous pouvez|vous pourrez|vous aurez)\b/;
const QUESTION_WORD =
  /^(?:what|how|which|where|when|who|whom|whose|why|can|could|do|does|did|is|are|will|would|should|have|has|quel\w*|comment|combien|ou|quand|qui|pourquoi|est-ce|pouvez|pourriez|peut-on|avez|etes|faites|gerez|supportez|proposez|y a-t-il|and (?:what|how|which|can|do|does|is|are|will)|et (?:comment|quel\w*|est-ce|vous|si)|so (?:what|how|can|do|does|is)|alors (?:comment|quel\w*|est-ce))\b/;
const INVERSION =
  /\b(?:do|does|can|could|will|would|is|are|have|has) (?:you|it|your|the|that|this|there|we)\b|\b\w+-(?:vous|on|il|elle|ils)\b/;
const EST_CE = /\best-ce (?:que|qu')|\best ce que\b/;
const HYPOTHETICAL =
  /\b(?:if|would|could|might|maybe|perhaps|suppose|in case|si|s'il|peut-etre|eventuellement|\w+rai(?:s|t|ent)|\w+rions|\w+riez)\b/;
const DEFERRAL =
  /\b(?:i'll (?:check|find out|get back|confirm|ask)|let me (?:check|find out|confirm|ask|come back)|get back to you|come back to you|i don't know|i'm not sure|not sure|need to check|have to check|take (?:that|it) offline|park that|je (?:verifie|vais verifier|reviens vers vous|vous redis|ne sais pas|me renseigne|vais me renseigner|vais demander)|je dois verifier|pas sur|faut que je verifie|je vous reviens|on en reparle)\b/;
const PROPOSAL =
  /\b(?:let's|shall we|how about|why don't we|we could (?:set up|organise|organize|schedule|do|book)|i'll (?:send|set up|book|arrange|organise|organize)|(?:a|the) (?:demo|site visit|visit|workshop|follow-up|call next)|on pourrait (?:organiser|prevoir|caler)|je vous propose|on se (?:cale|fait)|une (?:visite|demo|demonstration)|un atelier)\b/;
const YES_NO =
  /^(?:yes|yeah|yep|no|nope|absolutely|of course|sure|correct|exactly|definitely|indeed|oui|non|absolument|bien sur|tout a fait|exactement|effectivement|affirmatif|totalement|ouais|yup)\b/;
const SMALL_TALK =
  /\b(?:hear me|see my screen|on mute|you there|how are you|how's it going|weekend|weather|vous m'entendez|tu m'entends|mon ecran|ca va|comment allez-vous|week-end|coffee|cafe|kids|enfants|vacances|holiday|traffic|trafic|match)\b/;
const NUMBER =
  /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|hundred|thousand|million|deux|trois|quatre|cinq|dix|vingt|trente|cent|mille)\b/;

/** What a turn is about, in families wider than any one call's words (folded). */
const TOPIC_TECHNICAL =
  /\b(?:integrat\w*|api|apis|rest|webhooks?|connect\w*|connecteurs?|sync\w*|import\w*|export\w*|sftp|csv|excel|format\w*|sso|saml|oidc|okta|entra|azure ad|active directory|ldap|scim|mfa|authentif\w*|security|securite|encrypt\w*|chiffr\w*|keys?|cles?|soc ?2|iso|certifi\w*|audit\w*|logs?|journa\w*|tracab\w*|retention|conserv\w*|delet\w*|suppr\w*|purg\w*|backups?|sauvegard\w*|host\w*|heberg\w*|cloud|on-?prem\w*|sur site|datacent\w*|data cent\w*|region|residen\w*|stay in|rester en|sortir d\w*|leave the|outside|hors d\w*|server\w*|serveurs?|network\w*|reseau\w*|firewall|pare-feu|vpn|inbound|outbound|sortant\w*|entrant\w*|install\w*|agents?|uptime|disponib\w*|sla|latenc\w*|delai de|downtime|panne|failover|redondan\w*|offline|hors ligne|mobile|android|ios|tablet\w*|navigat\w*|browser|languages?|langues?|translat\w*|tradu\w*|accessib\w*|permission\w*|roles?|droits?|access\w*|acces|workflow\w*|approval|approbation|validation|configur\w*|parametr\w*|custom\w*|personnalis\w*|templates?|modeles?|reports?|rapports?|dashboard\w*|tableaux? de bord|alert\w*|notif\w*|real[- ]time|temps reel|volume\w*|concurren\w*|simultan\w*|scal\w*|users?|utilisateurs?|gdpr|rgpd|hipaa|hds|pci|compliance|conformite|regulat\w*|reglement\w*|law|loi|legal\w*|privacy|confidential\w*|data|donnees)\b/;
const TOPIC_COMMERCIAL =
  /\b(?:price\w*|pricing|prix|tarif\w*|cost\w*|cout\w*|discount|remise|rabais|budget\w*|approved|enveloppe|contract\w*|contrat\w*|payment|paiement|invoice\w*|factur\w*|net \w+|sign\w*|board|comite|ceo|cfo|coo|cro|vp|director|directeur|directrice|president\w*|procurement|achats|legal review|juridique|competitor\w*|concurren\w*|quote|devis|licen[cs]\w*|dollars?|euros?|k|\$)\b|[$€£]/;
const TOPIC_PAIN =
  /\b(?:today|currently|right now|at the moment|aujourd'hui|actuellement|en ce moment|by hand|manual\w*|a la main|manuel\w*|spreadsheets?|tableurs?|lose|losing|lost|perd\w*|waste\w*|slip\w*|pain|problem\w*|probleme\w*|struggl\w*|galer\w*|errors?|erreurs?|hours|heures|days|jours|percent|pour ?cent|%|costs? us|nous coute|drop\w*|churn)\b/;
const TOPIC_TIME =
  /\b(?:by|before|until|deadline|go-live|go live|live|launch\w*|quarter|q[1-4]|t[1-4]|trimestre|d'ici|avant|janvier|fevrier|mars|avril|mai|juin|juillet|aout|septembre|octobre|novembre|decembre|january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|lundi|mardi|mercredi|jeudi|vendredi|next week|semaine prochaine|spring|summer|fall|autumn|winter|printemps|ete|automne|hiver|season|saison)\b/;

const CUES = {
  modal: MODAL,
  want: WANT,
  negation: NEGATION,
  negatedWish: NEGATED_WISH,
  we: WE,
  you: YOU,
  sellerClaim: SELLER_CLAIM,
  hypothetical: HYPOTHETICAL,
  deferral: DEFERRAL,
  proposal: PROPOSAL,
  smallTalk: SMALL_TALK,
  number: NUMBER,
  technical: TOPIC_TECHNICAL,
  commercial: TOPIC_COMMERCIAL,
  pain: TOPIC_PAIN,
  time: TOPIC_TIME,
} as const;

/** Sentences and clauses: a long turn is cut at . ! ? … and at ; or " — ", never inside "99.9%". */
export function clauses(text: string): string[] {
  return text
    .split(/(?<=[.!?…;])\s+|\s+[—–]\s+/)
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}

export function isQuestionForm(clause: string): boolean {
  const f = fold(clause).trim();
  return f.endsWith('?') || EST_CE.test(f) || (QUESTION_WORD.test(f) && f.length < 160);
}

const lengthBucket = (n: number) => (n <= 3 ? 'xs' : n <= 8 ? 's' : n <= 20 ? 'm' : n <= 45 ? 'l' : 'xl');

/**
 * The features of one piece of text (a turn or a clause) said by a speaker on `side`, with a few
 * of its context (whether the previous turn was the other side's question). Names, values 1.
 */
export function textFeatures(
  text: string,
  side: Side,
  context: { afterOtherQuestion?: boolean; reply?: string | null } = {},
): string[] {
  const f = fold(text);
  const toks = tokens(f);
  const out = new Set<string>();
  const s = side ?? 'unknown';
  out.add('bias');
  out.add(`side:${s}`);
  for (const t of toks) out.add(`w:${t}`);
  for (let i = 0; i + 1 < toks.length; i += 1) out.add(`b:${toks[i]}_${toks[i + 1]}`);
  for (const t of toks) if (t.length >= 6) out.add(`p:${t.slice(0, 5)}`);
  out.add(`len:${lengthBucket(toks.length)}`);
  const parts = clauses(text);
  const question = parts.some(isQuestionForm);
  const cues: string[] = [];
  for (const [name, pattern] of Object.entries(CUES)) if (pattern.test(f)) cues.push(name);
  if (f.includes('?')) cues.push('qmark');
  if (question) cues.push('question');
  if (EST_CE.test(f)) cues.push('estce');
  if (INVERSION.test(f)) cues.push('inversion');
  if (YES_NO.test(f.trim())) cues.push('yesno');
  if (parts.length > 1 && parts.some((p) => !isQuestionForm(p) && tokens(fold(p)).length >= 4)) cues.push('statement');
  if (!question) cues.push('noquestion');
  if (context.afterOtherQuestion) cues.push('afterQuestion');
  const weFirst = WE.test(f) && !YOU.test(f) ? 'weOnly' : YOU.test(f) && !WE.test(f) ? 'youOnly' : null;
  if (weFirst) cues.push(weFirst);
  if (cues.includes('modal') && cues.includes('we')) cues.push('modal&we');
  if (cues.includes('modal') && cues.includes('noquestion')) cues.push('modal&statement');
  if (cues.includes('negation') && cues.includes('want')) cues.push('negation&want');
  if (cues.includes('hypothetical') && cues.includes('want')) cues.push('hypothetical&want');
  if (cues.includes('technical') && cues.includes('modal')) cues.push('technical&modal');
  if (cues.includes('technical') && cues.includes('question')) cues.push('technical&question');
  if (cues.includes('technical') && !cues.includes('commercial')) cues.push('technicalOnly');
  if (cues.includes('commercial') && !cues.includes('technical')) cues.push('commercialOnly');
  if (cues.includes('pain') && !cues.includes('modal')) cues.push('painOnly');
  for (const c of cues) {
    out.add(`c:${c}`);
    out.add(`c:${c}@${s}`);
  }
  // How the other side took it: "we support that", "yes", "good point" after a requirement.
  if (context.reply) {
    const r = fold(context.reply);
    const replyCues = ['sellerClaim', 'deferral', 'we', 'you', 'negation', 'modal'].filter((c) =>
      CUES[c as keyof typeof CUES].test(r),
    );
    if (YES_NO.test(r.trim())) replyCues.push('yesno');
    if (r.includes('?')) replyCues.push('qmark');
    for (const c of replyCues) out.add(`r:${c}@${s}`);
  }
  return [...out];
}

const STOP = new Set(
  // Words any turn has say nothing about its subject.
  'that this with have your what does from there they will would could about which when where their them then than also just really into some more other very much want need okay yeah know think like make vous votre nous notre avec pour dans mais cette sont comment quel quelle quels quelles plus tout tous faire aussi alors donc bien etre avoir peut cela comme leur leurs'.split(
    ' ',
  ),
);

/** Content stems of a text (folded words of four letters or more, cut to five), for lexical overlap. */
function contentStems(text: string): Set<string> {
  return new Set(
    tokens(fold(text))
      .filter((t) => t.length >= 4 && !STOP.has(t))
      .map((t) => t.slice(0, 5)),
  );
}

const YES_NO_QUESTION =
  /^(?:(?:and|so|et|alors|ok|okay|right|donc)[, ]+)?(?:do|does|did|can|could|is|are|will|would|should|have|has|est-ce|pouvez|pourriez|peut-on|avez|etes|y a-t-il|vous (?:avez|gerez|supportez|proposez|faites))\b/;

/**
 * The features of a candidate answer: `reply`, the `rank`-th turn after `question` (1 = the next
 * one), said on `side`; `between` says what was said in between.
 */
export function answerFeatures(
  question: string,
  reply: string,
  side: Side,
  rank: number,
  between: { prospectTurn: boolean; prospectQuestion: boolean; sameSpeakerBefore: boolean },
): string[] {
  const fq = fold(question);
  const fr = fold(reply);
  const asked = contentStems(question);
  const said = contentStems(reply);
  let overlap = 0;
  for (const s of said) if (asked.has(s)) overlap += 1;
  const ov = overlap >= 3 ? '3' : String(overlap);
  const s = side ?? 'unknown';
  const r = rank >= 4 ? '4+' : String(rank);
  const toks = tokens(fr);
  const out = new Set<string>(['bias', `side:${s}`, `rank:${r}`, `rank:${r}@${s}`, `ov:${ov}`, `ov:${ov}@${r}`]);
  out.add(`len:${lengthBucket(toks.length)}`);
  for (const t of toks.slice(0, 2)) out.add(`first:${t}`);
  const parts = clauses(reply);
  const allQuestions = parts.length > 0 && parts.every(isQuestionForm);
  const cues: string[] = [];
  if (allQuestions) cues.push('onlyQuestion');
  else if (parts.some(isQuestionForm)) cues.push('someQuestion');
  if (DEFERRAL.test(fr)) cues.push('deferral');
  if (PROPOSAL.test(fr)) cues.push('proposal');
  if (YES_NO.test(fr.trim())) cues.push('yesno');
  if (YES_NO_QUESTION.test(fq.trim()) && YES_NO.test(fr.trim())) cues.push('yesnoToYesno');
  if (SELLER_CLAIM.test(fr)) cues.push('sellerClaim');
  if (NUMBER.test(fr)) cues.push('number');
  if (NUMBER.test(fr) && /\b(?:how (?:many|much|long)|combien|what (?:size|volume))\b/.test(fq)) cues.push('numberToHowMany');
  if (SMALL_TALK.test(fr)) cues.push('smallTalk');
  if (between.prospectTurn) cues.push('prospectBetween');
  if (between.prospectQuestion) cues.push('questionBetween');
  if (between.sameSpeakerBefore) cues.push('continues');
  for (const c of cues) {
    out.add(`c:${c}`);
    out.add(`c:${c}@${s}`);
  }
  return [...out];
}
