/**
 * Stop-words for English, Tagalog/Filipino and Cebuano, used for keywords and topics (never before
 * sentiment scoring: negators and intensifiers matter there).
 *
 * The Tagalog list is the entries labelled `stop` in the Gene Diaz list (npm stopword@3.1.5,
 * src/stopwords_tgl.js, MIT licence, (c) 2016 Gene Diaz); the entries that list marks as sentiment-bearing
 * (mahusay, kulang, gusto, ibig, nais, laban, kaysa, kahit, lamang...) are left out. English and Cebuano
 * lists and the politeness/text-speak additions were written for this project.
 */

const ENGLISH = `a about above after again against all also am an and any are aren't as at be because been before
being below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down
during each either else even ever every few for from further get gets got had hadn't has hasn't have haven't
having he he'd he'll he's her here here's hers herself him himself his how how's however i i'd i'll i'm i've
if in into is isn't it it's its itself just let's like lot lots many may me might more most much must mustn't
my myself no nor not now of off often on once one only or other ought our ours ourselves out over own same
shan't she she'd she'll she's should shouldn't so some such than that that's the their theirs them themselves
then there there's these they they'd they'll they're they've this those through thus to too under until up
upon us very was wasn't we we'd we'll we're we've were weren't what what's when when's where where's whether
which while who who's whom why why's will with won't would wouldn't yet you you'd you'll you're you've your
yours yourself yourselves also always etc really quite rather still though although already yes yeah
dont doesnt didnt cant wont isnt arent wasnt im ive youre thats theres its`;

/** Gene Diaz Tagalog list, `stop` entries only (MIT). */
const TAGALOG_GENE_DIAZ = `akin aking ako alin am amin aming ang ano anumang apat at atin ating ay bababa bago
bakit bawat bilang dahil dalawa din dito doon gagawin gayunman ginagawa ginawa ginawang gumawa habang
hanggang iba ibaba ibabaw ikaw ilagay ilalim ilan inyong isa isang itaas ito iyo iyon iyong ka kailangan
kailanman kami kanila kanilang kanino kanya kanyang kapag kapwa karamihan katiyakan katulad kaya ko kong
kumuha kung lahat likod lima maaari maaaring maging makita marami may mayroon mga minsan mismo mula muli na
nabanggit naging nagkaroon nakita namin narito nasaan ng ngayon ni nila nilang nito niya niyang noon o pa
paano pababa paggawa pagitan pagkakaroon pagkatapos palabas pamamagitan panahon pangalawa para paraan
pareho pataas pumunta pumupunta sa saan sabi sabihin sarili sila sino siya tatlo tayo tulad tungkol una`;

/** Function words and particles of everyday written Tagalog/Taglish that the list above misses. */
const TAGALOG_EXTRA = `yung ung iyong yun yon nang rin lang lamang naman nga ba kasi kase eh e ha ah oh daw raw
pala sana ngayon nung noong tapos pag kapag mag nag nasa niyo nyo nya sya sayo sakin akin amin natin tayo
kayo kaniya kanya ganun ganon ganyan ganito dyan diyan dun doon dito ito iyan yan yang siya siyang nila
mas pinaka po opo ho oho hindi di wala walang huwag wag pero at saka tsaka din rin talaga sobrang sobra
napaka medyo masyado masyadong parang kahit`;

const CEBUANO = `ang ug og sa si ni nga kay kung kon ra lang man pud pod sad usab gyud jud gud jd lagi ba
diay bitaw ako ko ikaw ka siya sya kami kita sila ila iya ato amo inyo imo akong imong iyang atong among
inyong ilang kini kana kadto niini niana adto dinhi diha didto unsa unsaon asa kanus-a ngano kinsa pila
mao kaayo kaau kayo dili dli di wala walay wa ayaw apan pero unya dayon pa na ning nang ana ani
naa anaa may mga para tungod busa kay bisan`;

/** Politeness markers and forms of address: they mark register, not content. */
const POLITENESS = `po opo ho sir sirr maam ma'am mam madam miss ms mr mrs mister ate kuya teacher's`;

function words(list: string): string[] {
  return list.split(/\s+/u).filter((word) => word.length > 0);
}

export const STOPWORDS: ReadonlySet<string> = new Set([
  ...words(ENGLISH),
  ...words(TAGALOG_GENE_DIAZ),
  ...words(TAGALOG_EXTRA),
  ...words(CEBUANO),
  ...words(POLITENESS),
]);

export const POLITENESS_MARKERS: ReadonlySet<string> = new Set(words(POLITENESS));

export function isStopword(token: string): boolean {
  return STOPWORDS.has(token.toLowerCase());
}
