/** The kinds of organisation a question can ask for, and the words that show them in a name. */

export type OrganisationKind = 'label' | 'company' | 'school' | 'band' | 'team' | 'publication' | 'party';

const organisationKinds: readonly [OrganisationKind, RegExp, RegExp][] = [
  ['label', /\b(?:label|record company)\b/i, /\b(?:Records|Recordings|Music Group)\b/],
  [
    'company',
    /\b(?:company|corporation|firm|manufacturer|business|conglomerate|brand|studio)\b/i,
    /\b(?:Company|Companies|Corporation|Corp|Inc|Ltd|LLC|Group|Holdings|Studios?|Pictures|Industries|Motors|Bank)\b/,
  ],
  [
    'school',
    /\b(?:university|college|school|institute|academy)\b/i,
    /\b(?:University|College|School|Institute|Academy|Conservatory)\b/,
  ],
  ['band', /\b(?:band|group)\b/i, /\b(?:Band|Orchestra|Quartet|Trio)\b/],
  ['team', /\b(?:team|club|franchise)\b/i, /\b(?:FC|United|City|Club|Team)\b/],
  [
    'publication',
    /\b(?:newspaper|magazine|journal|publisher)\b/i,
    /\b(?:Times|News|Journal|Magazine|Post|Herald|Press|Review|Gazette)\b/,
  ],
  ['party', /\b(?:party)\b/i, /\b(?:Party)\b/],
];

/** The kind of organisation a question asks for ("What band …?" → band). */
export function askedOrganisationKind(question: string): OrganisationKind | undefined {
  const noun =
    /\b(?:[Ww]hat|[Ww]hich)\s+([\p{Ll}\s]{2,30}?)\s+(?:is|was|are|were|did|does|do|has|had|released|published|owns|owned|founded|produced|made|signed)\b/u.exec(
      question,
    )?.[1];
  const text = noun ?? question;
  return organisationKinds.find(([, asked]) => asked.test(text))?.[0];
}

/** The kind of organisation a name shows by its words ("Hollywood Records" → label). */
export function organisationKind(name: string): OrganisationKind | undefined {
  return organisationKinds.find(([, , shown]) => shown.test(name))?.[0];
}
