import type { AnalysisLanguage, BenefitCardId } from '@nexa/domain';

type Text = Record<AnalysisLanguage, string>;

export interface Sector {
  id: string;
  /**
   * Word stems (folded: lower case, no accents) matched at the start of a word of the name or of
   * the sector on record; a trailing $ asks for the whole word ('ai$' is not 'airbus').
   */
  stems: readonly string[];
  label: Text;
  situation: Text;
  cards: readonly [BenefitCardId, BenefitCardId];
}

/** First match wins, so the more specific sectors come first. */
export const SECTORS: readonly Sector[] = [
  {
    id: 'health',
    stems: [
      'health',
      'sante',
      'medic',
      'medtech',
      'med$',
      'pharma',
      'bio',
      'clinic',
      'clinique',
      'hospital',
      'hopital',
      'care$',
      'dental',
      'lab$',
      'labo',
    ],
    label: { en: 'healthcare or life-sciences', fr: 'de la santé ou des sciences de la vie' },
    situation: {
      en: 'In healthcare and life sciences, regulatory requirements, validation and data-protection questions come up on nearly every technical call, and buying committees are large: each requirement must be recorded exactly and every stakeholder kept in view.',
      fr: "Dans la santé et les sciences de la vie, les exigences réglementaires, la validation et la protection des données reviennent dans presque chaque appel technique, et les comités d'achat sont larges : chaque exigence doit être consignée exactement et chaque partie prenante suivie.",
    },
    cards: ['data-capture', 'deal-visibility'],
  },
  {
    id: 'finance',
    stems: [
      'bank',
      'banque',
      'financ',
      'capital',
      'invest',
      'insur',
      'assur',
      'credit',
      'fintech',
      'pay',
      'wealth',
      'asset',
      'fund$',
      'funds$',
      'fonds$',
    ],
    label: { en: 'financial-services', fr: 'des services financiers' },
    situation: {
      en: 'Selling in financial services means compliance reviews, risk questionnaires and many stakeholders. Every requirement has to be recorded exactly, and a deal can stall for weeks without anyone seeing why.',
      fr: 'Dans les services financiers, chaque affaire passe par la conformité, des questionnaires de risque et de nombreuses parties prenantes. Chaque exigence doit être consignée exactement, et une affaire peut stagner des semaines sans que personne ne voie pourquoi.',
    },
    cards: ['deal-visibility', 'data-capture'],
  },
  {
    id: 'software',
    stems: [
      'soft',
      'logiciel',
      'tech',
      'data',
      'donnee',
      'cloud',
      'digital',
      'numerique',
      'cyber',
      'ai$',
      'ia$',
      'app$',
      'apps$',
      'saas',
      'labs$',
      'systems$',
      'systemes$',
      'informati',
      'code$',
      'dev$',
      'web$',
      'platform',
      'plateforme',
      'analytics',
      'robot',
      'quantum',
    ],
    label: { en: 'software or technology', fr: 'du logiciel ou de la technologie' },
    situation: {
      en: 'Technical sales in software turns on integrations, APIs, security questionnaires and data-residency questions. Reps rarely capture every one of them on the call, and the sales engineer ends up asking the prospect again.',
      fr: "Dans le logiciel, la vente technique se joue sur les intégrations, les API, les questionnaires de sécurité et la localisation des données. Les commerciaux en notent rarement tous les détails pendant l'appel, et l'avant-vente doit reposer les questions au prospect.",
    },
    cards: ['data-capture', 'call-gaps'],
  },
  {
    id: 'telecom',
    stems: ['telecom', 'network', 'reseau', 'mobile', 'fiber', 'fibre', 'wireless', 'satellite', 'connect'],
    label: { en: 'telecom or network', fr: 'des télécoms ou des réseaux' },
    situation: {
      en: 'Telecom and network deals mix coverage, capacity and integration questions; reps promise answers on the call that the sales engineer must deliver before the next one.',
      fr: "Les affaires télécoms et réseaux mêlent couverture, capacité et intégration ; les commerciaux promettent des réponses pendant l'appel que l'avant-vente doit livrer avant le suivant.",
    },
    cards: ['call-gaps', 'data-capture'],
  },
  {
    id: 'energy',
    stems: [
      'energ',
      'power',
      'solar',
      'solaire',
      'oil$',
      'petro',
      'gas$',
      'gaz$',
      'electri',
      'wind',
      'eolien',
      'nuclear',
      'nucleaire',
      'utilit',
      'hydro',
    ],
    label: { en: 'energy', fr: "de l'énergie" },
    situation: {
      en: 'Energy projects have long sales cycles, site-specific technical constraints and quotes that depend on them; the follow-up between calls often decides who wins.',
      fr: "Les projets d'énergie ont des cycles de vente longs, des contraintes techniques propres à chaque site et des devis qui en dépendent ; la relance entre les appels décide souvent du gagnant.",
    },
    cards: ['call-gaps', 'deal-visibility'],
  },
  {
    id: 'manufacturing',
    stems: [
      'industr',
      'manufactur',
      'steel',
      'acier',
      'metal',
      'machin',
      'factory',
      'usine',
      'engineer',
      'ingenier',
      'automation',
      'automati',
      'chemic',
      'chimi',
      'plastic',
      'plasti',
      'material',
      'materiau',
      'equipment',
      'equipement',
      'tool',
      'outil',
      'aero',
      'space$',
    ],
    label: { en: 'industrial or manufacturing', fr: "de l'industrie" },
    situation: {
      en: 'Industrial buyers ask precise questions (tolerances, volumes, materials, lead times) and expect a quote that answers them. A detail lost between the call and the quote costs days.',
      fr: "Les acheteurs industriels posent des questions précises (tolérances, volumes, matériaux, délais) et attendent un devis qui y répond. Un détail perdu entre l'appel et le devis coûte des jours.",
    },
    cards: ['data-capture', 'call-gaps'],
  },
  {
    id: 'logistics',
    stems: [
      'logist',
      'transport',
      'freight',
      'fret',
      'shipping',
      'cargo',
      'fleet',
      'flotte',
      'auto$',
      'automotive',
      'automobile',
      'motor',
      'moteur',
      'mobility',
      'mobilite',
      'rail',
      'aviation',
      'delivery',
      'livraison',
    ],
    label: { en: 'logistics or mobility', fr: 'de la logistique ou de la mobilité' },
    situation: {
      en: 'Logistics and mobility buyers compare lanes, volumes, service levels and prices across several suppliers; a slow quote or a forgotten follow-up loses the deal.',
      fr: 'En logistique et mobilité, les acheteurs comparent trajets, volumes, niveaux de service et prix entre plusieurs fournisseurs ; un devis lent ou une relance oubliée fait perdre l’affaire.',
    },
    cards: ['call-gaps', 'deal-visibility'],
  },
  {
    id: 'retail',
    stems: [
      'retail',
      'shop',
      'store',
      'commerce',
      'market',
      'boutique',
      'distribut',
      'wholesale',
      'grossiste',
      'magasin',
      'food',
      'aliment',
      'fashion',
      'mode$',
    ],
    label: { en: 'retail or distribution', fr: 'du commerce ou de la distribution' },
    situation: {
      en: 'Retail and distribution teams run many short calls; what matters is that every call lands in the CRM and that managers can follow and coach across a large volume.',
      fr: "Dans le commerce et la distribution, les équipes enchaînent de nombreux appels courts ; l'essentiel est que chaque appel arrive dans le CRM et que les managers puissent suivre et coacher sur un grand volume.",
    },
    cards: ['crm', 'management-insights'],
  },
  {
    id: 'services',
    stems: ['consult', 'conseil', 'advis', 'agency', 'agence', 'partners', 'associates', 'associes', 'services', 'studio'],
    label: { en: 'consulting or services', fr: 'du conseil ou des services' },
    situation: {
      en: 'Consulting and service firms sell expertise: each discovery call shapes a proposal, and managers need to know which conversations are turning into real opportunities.',
      fr: 'Les cabinets de conseil et de services vendent une expertise : chaque appel de découverte façonne une proposition, et les managers doivent savoir quelles conversations deviennent de vraies opportunités.',
    },
    cards: ['management-insights', 'crm'],
  },
];

export const GENERIC_SITUATION: Text = {
  en: 'The name alone does not tell us your sector, so this reads like most technical-sales teams: representatives carry the conversation, sales engineers are stretched across too many calls, and technical details get lost between the call and the CRM.',
  fr: "Le nom seul ne nous dit pas votre secteur ; voici donc le constat valable pour la plupart des équipes de vente technique : les commerciaux mènent la conversation, l'avant-vente est sollicitée sur trop d'appels, et les détails techniques se perdent entre l'appel et le CRM.",
};
export const GENERIC_CARDS: readonly [BenefitCardId, BenefitCardId] = ['data-capture', 'crm'];

export const CARD_BENEFITS: Record<BenefitCardId, Text> = {
  crm: {
    en: 'Nexa would update your CRM after every call (contacts, requirements, next steps), so representatives stop doing data entry.',
    fr: "Nexa mettrait à jour votre CRM après chaque appel (contacts, exigences, prochaines étapes) : les commerciaux n'auraient plus de saisie à faire.",
  },
  'data-capture': {
    en: 'Nexa would capture every technical requirement word for word during the call, so nothing depends on memory or note-taking.',
    fr: "Nexa capturerait chaque exigence technique mot pour mot pendant l'appel : plus rien ne dépendrait de la mémoire ou de la prise de notes.",
  },
  'call-gaps': {
    en: 'Nexa would draft the answers and quotes promised on a call before the next one, so follow-ups no longer wait for the sales engineer.',
    fr: "Nexa rédigerait les réponses et les devis promis pendant un appel avant le suivant : les relances n'attendraient plus l'avant-vente.",
  },
  'deal-visibility': {
    en: 'Nexa would show what each prospect really needs and where each deal stands, giving you visibility on the pipeline and the forecast.',
    fr: 'Nexa montrerait ce dont chaque prospect a vraiment besoin et où en est chaque affaire : une vraie visibilité sur le pipeline et les prévisions.',
  },
  'management-insights': {
    en: 'Nexa would score every call and suggest coaching, so managers coach on facts rather than impressions.',
    fr: 'Nexa noterait chaque appel et proposerait du coaching : les managers coacheraient sur des faits plutôt que sur des impressions.',
  },
  'rapid-implementation': {
    en: 'Nexa connects to your calendar, meeting tool and CRM in days, without a project team: a quick rollout that suits a small team.',
    fr: 'Nexa se connecte à votre agenda, à votre outil de visio et à votre CRM en quelques jours, sans équipe projet : une mise en place rapide, adaptée à une petite équipe.',
  },
};

export const SIZE_NOTES: Record<'small' | 'large', Text> = {
  small: {
    en: 'With a small team, every hour a representative or engineer spends on admin is an hour not spent selling.',
    fr: "Dans une petite équipe, chaque heure qu'un commercial ou un ingénieur passe en tâches administratives est une heure de vente perdue.",
  },
  large: {
    en: 'At this size, managers cannot listen to every call: they need each one summarised and scored.',
    fr: 'À cette taille, les managers ne peuvent pas écouter chaque appel : il leur faut chacun résumé et noté.',
  },
};

export const PHRASES = {
  intro: {
    en: (name: string, basis: string) =>
      `Quick analysis of ${name}. This is an offline estimate written without a live AI model, from ${basis}; treat it as a starting point, not a verdict.`,
    fr: (name: string, basis: string) =>
      `Analyse rapide de ${name}. Il s'agit d'une estimation hors ligne, rédigée sans modèle d'IA en direct, à partir ${basis} ; c'est un point de départ, pas un verdict.`,
  },
  basisName: { en: 'the company name alone', fr: 'du seul nom de l’entreprise' },
  basisRecord: {
    en: 'the company name and the sector Nexa has on record',
    fr: "du nom de l'entreprise et du secteur connu de Nexa",
  },
  sectorFromName: {
    en: (name: string, label: string) => `From its name, ${name} looks like a ${label} company.`,
    fr: (name: string, label: string) => `D'après son nom, ${name} semble être une entreprise ${label}.`,
  },
  sectorFromRecord: {
    en: (name: string, industry: string) => `${name} is on record in the ${industry} sector.`,
    fr: (name: string, industry: string) => `${name} est connue de Nexa dans le secteur « ${industry} ».`,
  },
  whatChanges: { en: 'What Nexa would change:', fr: 'Ce que Nexa changerait :' },
  closing: {
    en: 'For a diagnosis based on your own calls, book a demo.',
    fr: 'Pour un diagnostic fondé sur vos propres appels, réservez une démo.',
  },
} as const;
