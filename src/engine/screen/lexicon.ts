/**
 * The screen's resources: for each category, the phrases (English, Filipino, Cebuano, and their mixes) that
 * raise it, each with a weight, plus the cues that tell hyperbole, lessons and denials from the real thing.
 *
 * Patterns are written over the text of `screenSentences` (lowercase ASCII words, one space apart, "," a token
 * of its own, apostrophes and hyphens inside words dropped: "ma'am" → "maam", "mag-date" → "magdate"), with:
 *   ` ~ `  a gap of up to 3 tokens, ` ~~ ` a gap of up to 6 (gaps may cross a comma, never a sentence);
 *   `{NAME}` one of the word groups below.
 * How the list was written and measured: docs/alerts.md.
 */

export type AlertCategory = 'harassment' | 'discrimination' | 'abuse' | 'integrity' | 'self_harm' | 'threat';

export const ALERT_CATEGORIES: readonly AlertCategory[] = [
  'harassment',
  'discrimination',
  'abuse',
  'integrity',
  'self_harm',
  'threat',
];

/**
 * How a match may be explained away:
 * - `act`: a concrete act; only a denial ("never", "hindi", "dili") before it cancels it;
 * - `topic`: the subject's own name ("harassment", "discrimination", "suicide"); a lesson or a denial cancels it;
 * - `claim`: a generalisation about a group ("women are weak"), cancelled in a lesson unless someone is quoted;
 * - `hyperbole`: a death wish that students say of exams; cancelled next to an exam, a deadline or a laugh;
 * - `strong`: self-harm in plain words; cancelled only by a denial, or by a laugh next to schoolwork.
 */
export type PatternKind = 'act' | 'topic' | 'claim' | 'hyperbole' | 'strong';

export interface PatternSource {
  category: AlertCategory;
  weight: number;
  kind: PatternKind;
  source: string;
  /** Mockery of a trait is discrimination: this match is dropped when that category is raised too. */
  yieldsTo?: AlertCategory;
}

export const WORD_GROUPS: Readonly<Record<string, string>> = {
  US: '(?:us|me|them|him|her|students?|the students|the class|everyone|girls|the girls|boys|classmates|my classmates|some students|a student|a classmate|my classmate|people|kids)',
  INSULT:
    '(?:stupid|idiots?|dumb|dumbass|morons?|useless|worthless|trash|garbage|animals?|pigs?|monkeys?|retards?|retarded|imbeciles?|losers?|brainless|bitch(?:es)?|whores?|sluts?|fools?|dogs?|donkeys?|bobo|boba|bubu|tanga|tatanga|gago|gaga|inutil|walang utak|walang kwenta|walang kwentang|walang silbi|hayop|baboy|unggoy|ulol|engot|mangmang|tarantado|hampaslupa|hangal|gunggong|ungas|waste of space|good for nothing|pathetic|pabigat|basura|kalabaw|buang|boang|bogo|bugo|giatay|yawa|amaw|way utok|walay utok|walay pulos|hangag|pisti|peste|bwisit|bobita)',
  BODY: '(?:thighs?|legs?|waist|butt|buttocks|behind|breasts?|chest|boobs|body|bodies|figure|hips?|lap|private parts?|bra|skirts?|shorts|lips|neck|hita|binti|bewang|baywang|beywang|puwit|pwet|dibdib|suso|katawan|palda|labi|leeg|hawak|dughan|lubot|lawas|paa|sabaw)',
  GROUP_EN:
    '(?:women|girls|females|female students|gays?|lesbians?|bisexuals?|trans|transgenders?|transgender people|lgbt|lgbtq|lgbtqia|homosexuals?|muslims?|christians?|catholics?|born agains?|atheists?|indigenous people|indigenous students|lumads?|igorots?|aetas?|badjaos?|bisayas?|visayans?|ilocanos?|moros?|chinese|black people|dark skinned people|pwds?|disabled people|disabled students|deaf people|deaf students|autistic people|autistic students|poor people|poor students|probinsyanos?|provincianos?|people from the province|gay students|muslim students)',
  GROUP_ONE:
    '(?:woman|girl|female|gay|lesbian|bisexual|trans|transgender|muslim|muslima|christian|catholic|born again|atheist|indigenous|lumad|igorot|aeta|badjao|bisaya|visayan|ilocano|moro|chinese|black|dark skinned|disabled|pwd|deaf|blind|autistic|poor|from the province|probinsyano|probinsyana|lgbt|lgbtq|single mother|single mom)',
  TRAIT:
    '(?:religion|gender|sexuality|sexual orientation|orientation|skin|skin color|skin colour|complexion|accent|disability|ethnicity|race|tribe|faith|hijab|veil|pronouns|dialect|province|origin|background|hearing aid|wheelchair|stutter|stammer|crutches|limp|weight|being gay|being muslim|being a woman|being a girl|being trans|being lgbt|being lumad|being indigenous|punto|relihiyon|belo|kulay|balat|kapansanan|saklay|pagkautal|utal|pagkabakla|pagkatomboy|pagiging bakla|pagiging babae|pagiging muslim|tribo|pinagmulan|probinsya|tono|panit|kolor|pagkabayot|pagkababaye)',
  GROUP_TL:
    '(?:babae|babaye|bakla|bading|beki|bayot|bayota|tomboy|tomboyin|lesbyana|lesbiyana|muslim|muslima|moro|kristyano|katoliko|iglesia|katutubo|lumad|igorot|aeta|ita|badjao|bisaya|ilokano|intsik|maitim|itom|negra|negro|pwd|pilay|piang|bakol|bingi|bungol|bulag|buta|pipi|amang|may kapansanan|probinsyano|probinsyana|mindanao|mindanaoans?|taga mindanao|taga probinsya|tagaprobinsya|taga bukid|tagabukid|lgbt|lgbtq|trans|pobre|mahirap lang)',
  ACADEMIC:
    '(?:exam|exams|finals|final|midterms?|prelims?|quiz|quizzes|thesis|requirements?|deadlines?|assignments?|homework|projects?|subject|subjects|math|calculus|physics|chemistry|accounting|reports?|recitation|recits?|plates|modules?|activities|activity|lab|labs|coding|reviewer|workload|schoolwork|pagsusulit|eksamen|takdang aralin|plates)',
  TEACHER:
    '(?:him|her|them|sir|maam|mam|madam|the teacher|the prof|the professor|the instructor|our teacher|our prof|our professor|our instructor|this teacher|this prof|this professor|that teacher|that prof|that professor|you|everyone|mr [a-z]+|ms [a-z]+|mrs [a-z]+|dr [a-z]+|prof [a-z]+|si [a-z]+|that guy|that man|that woman)',
  WEAPON:
    '(?:gun|guns|knife|knives|bolo|pistol|firearm|bomb|bombs|explosives?|grenade|weapon|weapons|baril|kutsilyo|itak|granada|bomba|patalim|balisong|sumpak|pusil|sundang|armas)',
  PLACE:
    '(?:school|campus|building|classroom|room|university|office|faculty room|paaralan|eskwelahan|eskwela|faculty|skwelahan)',
  MONEY:
    '(?:piso|pisos|peso|{~load,regalo}|food|snacks|merienda|pagkain|pagkaon|bags?|jewelry|alahas|\\d+|\\d+k|money|cash|pesos|bucks|gifts?|groceries|grocery|cakes?|lechon|bribe|envelope|load|pera|datung|regalo|sobre|kwarta|kuwarta|alak|beer|liquor)',
  PASSING:
    '(?:pass|passed|passing|grade|grades|uno|1 0|points|score|scores|incomplete|inc|papasa|pumasa|pasado|pasa|ipapasa|grado|marka|puntos|mopasar|mupasar|pasar|ipasar|marks)',
  GOODS:
    '(?:books?|modules?|handouts?|tickets?|products?|merch|merchandise|shirts?|t shirts?|tshirts?|uniforms?|manuals?|workbooks?|raffle|raffle tickets|photocopies|reviewers?|items?|food|kakanin|lotion|cosmetics|insurance|membership|subscriptions?|libro|tiket|produkto|paninda|damit|sabon|baligya|pagkaon|ulam|longganisa|tocino|perfume|pabango)',

  /** A grade won: passing, a higher grade, an exam skipped. */
  GAIN: '(?:an a|an a plus|a 1 0|flat uno|pass|passed|passing|a pass|uno|1 0|higher grades?|high grades?|good grades?|better grades?|plus points|extra points|bonus points|additional points|skip (?:the )?(?:final exam|finals?|exams?|midterms?)|exempt\\w*|exemption|{~pasa,pasar}|pasado|tataas|tumaas|mataas na (?:grade|grado|marka)|mosaka|musaka|misaka|motaas|mutaas|taas nga grado|dagdag (?:na )?(?:puntos|points|grade))',
  /** Personal company asked for: a date, going out, his place, pictures. */
  CONTACT:
    '(?:go out with (?:him|her|me)|going out with (?:him|her)|went out with (?:him|her)|date (?:him|her|me|kayo|kami|tayo)|on a date|dating (?:him|her)|magdate|makipagdate|makigdate|nakipagdate|sleep with (?:him|her)|spend the night|kiss (?:him|her)|hug (?:him|her)|(?:sasama|sumama|sama|samahan|sumasama) (?:ako |ka |kami )?(?:sa kanya|sa kaniya|sa knya|siya)|(?:mokuyog|mukuyog|makuyog|kuyog|mouban|muuban|mag uban|maguban) (?:ko |ka |mi )?(?:niya|nimo|nako|kaniya|kaniya)|send (?:him|her) (?:pics|pictures|photos|selfies|nudes)|sent (?:him|her) (?:pics|pictures|photos|selfies|nudes)|pictures of (?:myself|yourself|me|you)|photos of (?:myself|yourself|me|you)|nudes|spends? (?:a |the )?(?:weekend|night|day|vacation) (?:at|in|with)|meet (?:him|her|me) (?:[a-z]+ ){0,3}?(?:at|in) (?:the |a )?(?:mall|hotel|motel|condo|restaurant|bar|resort|cinema|movies|beach|coffee shop|his place|his house|night)|{PRIVATE_PLACE})',
  /** A place of his own, or a room for the night. */
  PRIVATE_PLACE:
    '(?:motel|hotel|condo|(?:his|her) (?:beach house|rest house|resthouse|vacation house|farm|house|place|apartment|condo|room|car|unit|pad|bedroom)|(?:bahay|kwarto|kuwarto|condo|apartment|kotse|sasakyan|car|unit|boarding house|boarding) (?:niya|ni sir|ni maam|nila)|(?:iyang|sa iyang) (?:balay|kwarto|condo|sakyanan|car|apartment|boarding)|(?:balay|kwarto|sakyanan) ni (?:sir|maam))',
  /** Asked or made to come somewhere. */
  INVITE:
    '(?:invit\\w*|ask\\w* (?:me|us|her|him|my friend|my classmate|a classmate|girls|the girls|students|some students) to (?:come|go|visit|meet|stay)|(?:told|tells|wants?|wanted) (?:me|us|her|my friend|girls) to (?:come|go|visit|meet|stay)|{~yaya,aya,imbita,imbitar,dapit,agda}|pinapunta|pinapapunta|pinapupunta|papuntahin|pinapaakyat|pinasama|pinapasama|gipaadto|ginapaadto|paadtoon|gipauban|ginapauban|gipakuyog|ginapakuyog)',
  /** A derogatory claim about a group. */
  DEROG:
    '(?:violent|marahas|bayolente|mapintas|(?:cant|cannot|can not|not to) be trusted|untrustworthy|(?:di|hindi|dili) (?:ma|mapag|ka)?(?:pagkakatiwalaan|katiwalaan|kasaligan|masaligan|salig)|(?:sakit|salot|peste) sa (?:lipunan|katilingban|society)|terrorists?|terorista|smell\\w*|stink\\w*|dirty|filthy|madumi|marumi|hugaw|baho|mabaho|animals?|hayop|unggoy|monkeys?|savages?|uncivilized|barbaric|ignorant|ignorante|mangmang|stupid|bobo|tanga|dumb|idiots?|kawatan|thieves|thief|magnanakaw|criminals?|kriminal|kuripot|manloloko|scammers?|cheaters?|lazy|tamad|tapulan|salot|diseased?|sick|abnormal|retarded|retards?|freaks?|inutil|useless|walang silbi|walang kwenta|walay pulos|pabigat|burden|makasalanan|kasalanan|a sin|sinners?|sinful|impyerno|hell|demonyo|devils?|makauulaw|kaulawan|kahihiyan|disgrace\\w*|shameful|disgusting|kadiri|nakakadiri|go back to|bumalik (?:na )?sa|mobalik (?:na )?sa|inferior|backward|primitive|not human|dili tawo|hindi tao|uncivilised|walang modo|walay batasan|bogo|bugo|way utok|walay utok|walang utak)',
  /** Groups by ethnicity, religion, orientation, disability or origin (not sex: see SEX_GROUP). */
  GROUP_STRONG:
    '(?:gays?|lesbians?|bisexuals?|trans|transgenders?|lgbt\\w*|homosexuals?|queer|bakla|bading|beki|bayot|bayota|tomboy|tomboys|muslims?|muslima|moros?|christians?|catholics?|born agains?|iglesia|atheists?|indigenous|katutubo|lumads?|igorots?|aetas?|badjaos?|bajaus?|bisayas?|visayans?|ilocanos?|ilokanos?|tausugs?|maranaos?|chinese|intsik|chinoy|blacks?|maitim|negro|negra|itom|pwds?|disabled|may kapansanan|deaf|bingi|bungol|blind|bulag|buta|autistic|autism|pilay|piang|bakol|pipi|amang|stutter\\w*|utal|mindanao|mindanaoans?|taga mindanao|taga probinsya|tagaprobinsya|probinsyanos?|probinsyanas?|taga bukid|tagabukid|provincianos?|from the province)',
  /** Gender identity and orientation. */
  GENDER_GROUP:
    '(?:trans|transgender|transwoman|transman|transgenders|bakla|bading|beki|bayot|bayota|tomboy|gay|lesbian|lgbt\\w*|nonbinary|non binary|queer)',
  SEX_GROUP: '(?:women|girls|females|babae|babaye|mga babae|mga babaye)',
  /** Things a student in danger could be thrown or hit with. */
  THROWN:
    '(?:chalks?|erasers?|markers?|books?|chairs?|papers?|pens?|ballpens?|notebooks?|things|stuff|objects?|bottles?|shoes?|keys?|balls?|phones?|staplers?|rulers?|scissors|board eraser|cellphones?)',
  /** A student's work, which a teacher may throw away or tear up to shame. */
  WORK: '(?:projects?|papers?|works?|outputs?|notebooks?|plates?|essays?|drawings?|reports?|test papers?|exam papers?|modules?|assignments?|papel|proyekto|mga papel)',
  /** Harm that a person may say he will do. */
  VIOLENT_IRREALIS:
    '(?:{!patay,saksak,baril,bugbog,gulpi,sunog,sapak,suntok,sampal,tumba,salvage,taga,tadtad,bunal,pusil,dunggab,sumbag,sagpa,kulata,tigbas,lason,hilo,bomba,resbak}|patyon|patyan|sunogon|sunugon|bunalan|bunalon|kulatahon|sumbagon|sagpaon|dunggabon|pusilon|tigbason|hilohan)',
};

const harassment: PatternSource[] = [
  // English
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:touch\\w*|grop\\w*|rub\\w*|caress\\w*|fondl\\w*|squeez\\w*|strok\\w*|sniff\\w*|kiss\\w*|hold\\w*|held|pat\\w*|brush\\w* against|put his hands? on|puts his hands? on|put her hands? on|placed his hands? on) ~ {BODY}',
  },
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:inappropriate|inappropriately|unwanted|unwelcome|unnecessary) (?:touch\\w*|contact|hugs?|hugging|advances|comments? (?:on|about)|remarks? (?:on|about)|messages?|texts?|jokes?|photos|pictures|kiss\\w*)',
  },
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    source: 'touch\\w* (?:us|me|her|girls|the girls|students) inappropriately',
  },
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:sexual|sexually|sexy|dirty|malicious|lewd|green|perverted|malisyosong|malisyoso|malaswang?|mahalay na|mahalay|bastos na|bastos nga|bastos) (?:jokes?|remarks?|comments?|innuendos?|messages?|texts?|advances?|favou?rs?|biro|banat|mensahe|tanong|questions?|pictures?|photos?|tingin|stares?|salita|chat|chats|pangutana|komento|explicit)',
  },
  {
    category: 'harassment',
    weight: 0.8,
    kind: 'topic',
    source:
      '(?:sexual harass\\w*|harass\\w*|molest\\w*|rape|raped|raping|sexual assault|sexually assault\\w*|sexually abus\\w*)',
  },
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:manyak\\w*|minamanyak|minanyak|maniac|maniak|pervert\\w*|perv|malibog|kalibugan|nalilibugan|hokage|chansing\\w*|tsansing\\w*|chancing|nanantsing|nananantsing|nagchachansing|nangchansing|chumachansing|chinachansingan|tsinatsansingan|nanghipo|nanghihipo)',
  },
  { category: 'harassment', weight: 0.6, kind: 'act', source: '(?:creep|creepy|creepily)' },
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    source: '(?:grope|groped|gropes|groping|fondled|fondles|fondling)',
  },
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:bastos|malaswa|malaswang|mahalay|malisyoso|malisyosong|dirty|lewd|malicious) ~ (?:komento|comments?|biro|jokes?|tanong|mensahe|pangutana|chat|remarks?) ~~ (?:lawas|katawan|body|bodies|dibdib|dughan|suso|hita|paa|figure|breasts?)',
  },
  {
    category: 'harassment',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:pinapapunta|pinapunta|pinapupunta|pinasama|pinapasama|ginapaadto|gipaadto|ginapauban|gipauban) ~~ (?:condo|bahay niya|kwarto niya|motel|hotel|balay niya|iyang balay|iyang condo|iyang kwarto)',
  },
  {
    category: 'harassment',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:asks?|asked|asking|invites?|invited|inviting|forces?|forced|pressur\\w*|wants?|wanted|keeps asking) (?:me |us |her |girls |the girls |students |female students )?(?:out|on a date|to date him|to date her|for a date|to go out with him|to go out with her|to dinner with him|to his (?:condo|house|place|room|apartment|car|hotel)|to her (?:condo|house|place|room)|to a motel|to a hotel|to the motel|to sleep with him|to sit on his lap|to kiss him|to hug him)',
  },
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:date (?:him|her|me|kayo|kami)|a date with|on a date|dates (?:him|her)|dating (?:him|her)|go out with|sleep with|sleeps with|slept with|hook up with|kiss|hug|be his girlfriend|be his gf|be her boyfriend|girlfriend|gf|jowa|uyab|karelasyon) ~~ {PASSING}',
  },
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    source:
      '{PASSING} ~~ (?:date him|date her|dates|on a date|a date|date with|go out with|dating him|go out with him|go out with her|sleep with him|sleep with her|kiss him|kiss her|hug him|his condo|his room|his house|a motel|a hotel|his girlfriend|wear short|wear sexy|sexy)',
  },
  {
    category: 'harassment',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:see|meet|visit|come to|go to|talk to|consult) (?:him|her|sir|maam) (?:alone|privately|in private|in his room|in his condo|at his house|at night)',
  },
  {
    category: 'harassment',
    weight: 0.75,
    kind: 'act',
    source: 'alone (?:with him|in his (?:office|room|car|condo|faculty|house))',
  },
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:stares?|stared|staring|looks?|looked|looking|ogles?|ogling|ogled|leers?|leering|peeks?|peeking|peeked) (?:at |into |under )?(?:my |our |her |the girls |girls |students |female students |womens )?(?:chest|breasts?|legs?|thighs?|butt|bodies|body|cleavage|skirts?|blouse)',
  },
  {
    category: 'harassment',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:comments?|commented|commenting|remarks?|remarked|talks?|talked) (?:on|about) (?:my |our |her |the girls |girls |students |female students )?(?:body|bodies|figure|breasts?|chest|legs?|thighs?|butt|shape|curves|skirts?|shorts|sexy)',
  },
  {
    category: 'harassment',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:messages?|messaged|messaging|texts?|texted|texting|chats?|chatted|dms?|dmed|pms?|pmed|calls?|called) (?:me|us|girls|her|students|female students) ~ (?:late at night|at midnight|every night|at night|hi beautiful|hi sexy|hey sexy|sweetheart|babe|baby|i love you|love you|miss you|pictures?|photos?|selfies?|nudes)',
  },
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:asks?|asked|asking|requests?|requested|wants?|wanted) (?:for )?(?:my |our |her |girls )?(?:sexy |private |nude )?(?:photos?|pictures?|pics|selfies|nudes) ',
  },
  { category: 'harassment', weight: 0.85, kind: 'act', source: '(?:sit|sits|sat|sitting) on his lap' },
  {
    category: 'harassment',
    weight: 0.8,
    kind: 'act',
    source: '(?:rub\\w*|massag\\w*|caress\\w*|strok\\w*|sniff\\w*) ~ (?:shoulders?|back|neck|hair|arms?|hands?)',
  },
  {
    category: 'harassment',
    weight: 0.75,
    kind: 'act',
    source: '(?:look|looks|looked|looking|so|very|kinda|super) (?:hot|sexy|seductive)',
  },
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    source: '(?:spend|spent|spending) the night with (?:him|her)|(?:stay|stayed) the night (?:with him|at his)',
  },
  { category: 'harassment', weight: 0.7, kind: 'act', source: 'sugar daddy' },
  // Filipino / Taglish
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:hinihimas|hinimas|himasin|hinipuan|hinihipuan|hipuan|hinihipo|hinipo|kinakapa|kinapa|kinakapkap|hinalikan|hinahalikan|halikan|dinidikitan|idinidikit|idinikit|sinisilipan|sinilipan|silipan|pinipisil ang|pinisil ang|ginagapang|minomolestiya|minolestiya)',
  },
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:hinahawakan|hinawakan|hinahawak|hawakan|hinahaplos|hinaplos|hinihawakan|hinahawak|kinikiliti|niyayakap|niyakap|inaakbayan|inakbayan) ~ {BODY}',
  },
  {
    category: 'harassment',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:niyakap|niyayakap|hinawakan|hinahawakan|hinalikan|inaakbayan) ~ (?:kahit ayaw|kahit ayaw ko|nang pilit|ng pilit|pilit|bigla|sa likod|nang walang paalam)',
  },
  {
    category: 'harassment',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:niyaya|niyayaya|niyayang|niyayayang|inaaya|inaayang|inaya|inayang|yinayaya|aayain|yayayain|pinipilit) ~ (?:makipagdate|makipag date|magdate|mag date|date|lumabas kasama niya|lumabas kami|sa condo|sa bahay niya|sa kwarto|sa motel|sa hotel|uminom kasama|kumain sa labas kasama)',
  },
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:tinititigan|tinitignan|tinitingnan|tinitigan|sinisilip|sinilip|tinitingnan niya|tinitignan niya) ~ (?:dibdib|hita|binti|puwit|pwet|palda|katawan|suso|legs|chest)',
  },
  {
    category: 'harassment',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:pinupuna|pinuna|kinocomment|kinokomentuhan|pinapansin|pinansin|sinasabi|pinag uusapan|pinaguusapan|ginakomentohan|gikomentohan|ginahisgutan) ~ (?:katawan|dibdib|hita|hubog|figure|sexy|suso|lawas|dughan|paa)',
  },
  {
    category: 'harassment',
    weight: 0.7,
    kind: 'act',
    source:
      '(?:mahal niya ako|mahal daw niya ako|mahal daw ako|love daw niya ako|gihigugma daw ko niya|sexy daw|ang sexy mo|sexy ka|sexy kaayo ka|ka sexy nimo|gwapa daw|ganda mo daw) ',
  },
  {
    category: 'harassment',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:chinachat|chinat|tinetext|tinext|nagmemessage|minemessage|minessage|nagchachat|ginachat|gachat|gichat|ginatext|gitext|nagtext) ~~ (?:gabi gabi|gabigabi|kada gabii|hatinggabi|madaling araw|i love you|mahal kita|miss kita|miss na kita|baby|babe|sweetheart|picture|litrato|selfie|pictures|gabii|tungang gabii|kaadlawon|gihigugma|bebe)',
  },
  {
    category: 'harassment',
    weight: 0.9,
    kind: 'act',
    source: '(?:pinapaupo|pinaupo|pinalingkod|ginapalingkod|palingkoron) ~ (?:kandungan|hita|lap|paa)',
  },
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:papasa|pasado|uno|mataas na grade|mataas na grado|tataas ang grade|mataas na marka|plus points|dagdag points|mopasar|taas nga grado|dako nga grado) ~~ (?:makipagdate|magdate|makigdate|makig date|sumama sa kanya|sumama sa kaniya|sumama sa condo|pumunta sa condo|halik|halikan|kiss|yakap|yakapin|sexy|magsuot ng maikli|mogawas uban niya|muuban niya|halok|gakos)',
  },
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:makipagdate|magdate|makigdate|makig date|sumama sa kanya|halikan|yakapin|mogawas uban niya|halokan|gakson) ~~ (?:papasa|pasado|uno|mataas na grade|plus points|mopasar|pasar|grado|grade)',
  },
  // Cebuano
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:gihikap|ginahikap|gahikap|hikapon|gihikapan|ginahikapan|gihapuhap|ginahapuhap|gihalokan|gihalok|ginahalokan|gihagkan|ginahagkan|nanghikap|manghikap)',
  },
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    source: '(?:gikuptan|ginakuptan|gakuptan|kuptan|gigakos|ginagakos|gigunitan|ginagunitan) ~ {BODY}',
  },
  {
    category: 'harassment',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:gidapit|ginadapit|gadapit|dapiton|giagda|ginaagda|gaagda|agdahon|giimbitar|ginaimbitar) ~ (?:date|makigdate|makig date|mogawas|mugawas|sa iyang condo|sa iyang balay|sa iyang kwarto|sa motel|sa hotel|mag inom)',
  },
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:gitanaw|ginatanaw|gatanaw|gitutokan|ginatutokan|gatutok|gitan aw|ginatan aw) ~ (?:dughan|suso|paa|hita|lubot|lawas|palda)',
  },
];

const discrimination: PatternSource[] = [
  {
    category: 'discrimination',
    weight: 0.85,
    kind: 'act',
    source:
      'because (?:i am|im|i m|shes|she is|hes|he is|we are|were|they are|theyre|you are|youre) (?:a |an )?{GROUP_ONE}',
  },
  {
    category: 'discrimination',
    weight: 0.85,
    kind: 'act',
    source: '(?:because of|for|due to|about) (?:my|our|her|his|their) {TRAIT}',
  },
  {
    category: 'discrimination',
    weight: 0.85,
    kind: 'claim',
    source:
      '{GROUP_EN} (?:are|is|were|belong|should|shouldnt|cant|cannot|dont|do not|will never|have no|deserve|are not|arent) ~ (?:stupid|dumb|inferior|weak|weaker|abnormal|sinful|sinners|disgusting|sick|diseased|lazy|terrorists?|dirty|savages?|uncivilized|useless|not meant|not fit|not capable|not smart|in the kitchen|kitchen|a burden|mentally ill|a disease|an abomination|going to hell|in hell|less|only good for|not real|unnatural|cursed|nothing|belong|be in engineering|be engineers|lead|study|be here|backward|smell|thieves|criminals|animals)',
  },
  {
    category: 'discrimination',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:mocks?|mocked|mocking|makes? fun of|made fun of|making fun of|laughs? at|laughed at|laughing at|imitates?|imitated|imitating|ridicul\\w*|insults?|insulted|insulting|jokes? about|joked about|joking about|belittl\\w*|teases?|teased|teasing|humiliat\\w*|comments? on|commented on) ~ {TRAIT}',
  },
  {
    category: 'discrimination',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:mocks?|mocked|mocking|makes? fun of|made fun of|making fun of|laughs? at|laughed at|insults?|insulted|belittl\\w*|humiliat\\w*|calls?|called|treats?|treated|teases?|teased|singles? out|singled out|picks? on|picked on|ignores?|ignored) ~ (?:the |our |my |a |his |her )?(?:gay|lesbian|trans|transgender|muslim|lumad|igorot|aeta|badjao|indigenous|pwd|deaf|blind|autistic|disabled|chinese|bisaya|visayan|dark skinned|lgbt|lgbtq|black|female|bakla|bayot|tomboy) (?:students?|classmates?|kids?|girls?|boys?|guys?|people|ones?)',
  },
  {
    category: 'discrimination',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:refuses?|refused|wont|will not|doesnt|does not|did not|didnt|never) (?:to )?(?:accept|allow|let|call on|recognize|use|admit|respect) ~~ (?:gay|lgbt\\w*|trans\\w*|muslim|hijab|veil|pwd|wheelchair|my pronouns|our pronouns|pronouns|her pronouns|his pronouns|lumad|indigenous)',
  },
  {
    category: 'discrimination',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:lower|lowers|lowered|fails|failed|failing|gives? lower|gave lower|deducts?|deducted|lower grades to|favou?rs?|favou?red|prefers?|preferred) ~ (?:grades? |scores? |points? )?(?:of |for |to |from |over )?(?:the |all )?(?:muslim|gay|lgbt\\w*|trans\\w*|female|women|girls|boys|male|indigenous|lumad|igorot|bisaya|pwd|disabled|poor|chinese|christian|catholic|atheist|dark skinned|deaf|men) ?(?:students?|classmates?)?',
  },
  {
    category: 'discrimination',
    weight: 0.75,
    kind: 'topic',
    source:
      '(?:sexist\\w*|racist\\w*|racism|sexism|homophob\\w*|transphob\\w*|islamophob\\w*|bigot\\w*|misogyn\\w*|xenophob\\w*|discriminat\\w*|diskriminasyon|gidiskrimina|ginadiskrimina|dinidiskrimina|nadiskrimina|prejudice\\w*|stereotyp\\w*)',
  },
  {
    category: 'discrimination',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:faggots?|fags?|dykes?|tranny|trannies|niggers?|chekwa|intsik baboy|bayotbayot|salot na bakla|bakla ka kasi|bayot ka kay|nigga)',
  },
  { category: 'discrimination', weight: 0.85, kind: 'act', source: '(?:deadnam\\w*|misgender\\w*|dead name)' },
  {
    category: 'discrimination',
    weight: 0.8,
    kind: 'act',
    source: '(?:ayaw|refus\\w*|wont|will not|ignores?|ignored) ~~ (?:pronouns|preferred name)',
  },
  {
    category: 'discrimination',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:women|girls|females) (?:belong in|should stay in|are for|are only for) (?:the )?(?:kitchen|home|house|bed)',
  },
  // Filipino / Taglish
  {
    category: 'discrimination',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:dahil|kasi|porke|porket|palibhasa|dahilan) (?:daw |raw )?(?:ako ay |ako |ka |siya |sya |kami |sila |kayo |tayo )?(?:ay )?(?:isang |mga )?{GROUP_TL}',
  },
  {
    category: 'discrimination',
    weight: 0.85,
    kind: 'claim',
    source:
      '(?:ang mga |mga |ang |yung mga |yung )?(?:babae|bakla|bading|beki|tomboy|lesbyana|lgbt\\w*|muslim|katutubo|lumad|igorot|aeta|bisaya|pwd|may kapansanan|intsik|probinsyano|trans) (?:ay |daw ay |raw ay |daw |raw |kay )?(?:daw |raw )?(?:bobo|mahina|mahihina|salot|makasalanan|abnormal|may sakit|sakit|kasalanan|walang silbi|walang kwenta|pabigat|marumi|madumi|terorista|mangmang|hindi dapat|di dapat|hindi pwede|di pwede|bawal|pang kusina|pangkusina|panggulo|walang alam|tamad|masasama|mababa|sa kusina lang|para sa kusina|hindi marunong|di marunong|hindi bagay|di bagay|hindi nababagay|pupunta sa impyerno|impyerno|demonyo)',
  },
  {
    category: 'discrimination',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:pinagtatawanan|pinagtawanan|pinagtatawanan niya|ginagaya|ginaya|tinutukso|tinukso|kinukutya|kinutya|nilalait|nilait|minamaliit|minaliit|iniinsulto|ininsulto|binabastos|ginagawang biro|ginawang biro|pinupuna|pinuna|minamata|minata|binubully|binully) ~~ {TRAIT}',
  },
  {
    category: 'discrimination',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:pinagtatawanan|pinagtawanan|tinutukso|tinukso|kinukutya|kinutya|nilalait|nilait|minamaliit|minaliit|iniinsulto|ininsulto|binubully|binully|tinatawag|minamata|pinag iinitan|pinagiinitan|pinag initan|pinaginitan|pinapahiya|pinahiya) ~~ (?:ang |yung |ang mga |mga )?(?:bakla|bading|beki|tomboy|muslim|katutubo|lumad|igorot|aeta|bisaya|ilokano|intsik|maitim|pwd|pilay|bingi|bulag|lgbt|trans|probinsyano)',
  },
  {
    category: 'discrimination',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:mas mababa ang grade|mas mababang grade|binababa ang grade|ibinababa ang grade|binabagsak|ibinabagsak|binagsak) ~~ (?:muslim|bakla|tomboy|lgbt|babae|katutubo|lumad|igorot|bisaya|pwd|mahihirap)',
  },
  // Cebuano
  {
    category: 'discrimination',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:kay|tungod kay|tungod|kay man|kay babaye man|kay bayot man) (?:ka |ko |siya |sya |mi |kami |sila )?(?:man )?(?:babaye|bayot|bayota|tomboy|lesbyana|muslim|lumad|badjao|igorot|pwd|bungol|buta|piang|bakol|amang|intsik|itom|negra|pobre|taga bukid|tagabukid|probinsyano|lgbt\\w*|bisaya) (?:man|daw|ka|ko|kaayo)',
  },
  {
    category: 'discrimination',
    weight: 0.85,
    kind: 'claim',
    source:
      '(?:ang mga |mga |ang )?(?:babaye|bayot|tomboy|muslim|lumad|badjao|pwd|bisaya) (?:kay |daw |kuno )?(?:daw |kuno )?(?:sala|makasasala|abnormal|dili angay|walay pulos|hugaw|tapulan|bogo|way utok|para ra sa kusina|para lang sa kusina|para sa kusina|sa kusina ra|masunog sa impyerno|impyerno|yawa|dili kabalo|dili makahimo)',
  },
  {
    category: 'discrimination',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:ginabugalbugalan|gibugalbugalan|ginakatawan|gikatawan|ginakataw an|gikataw an|ginabiaybiay|gibiaybiay|ginainsulto|giinsulto|ginasundog|gisundog|ginayagayagaan|giyagayagaan|ginatamay|gitamay|gina bully|ginabully|gibully) ~~ (?:accent|tono|relihiyon|hijab|panit|kolor|kakulangan|wheelchair|bayot|tomboy|muslim|lumad|badjao|bisaya|tribo|pagkabayot|bungol|buta|piang|amang|pagkababaye|pinulongan|punto)',
  },
];

const abuse: PatternSource[] = [
  {
    category: 'abuse',
    weight: 0.9,
    kind: 'act',
    source:
      '(?:calls?|called|calling|labels?|labeled|labelled|refers to|referred to|brands?|branded|names?) (?:us|me|them|him|her|students?|the students|the class|everyone|some students|a student|my classmates|classmates|my classmate|people) ~ {INSULT}',
  },
  {
    category: 'abuse',
    weight: 0.9,
    kind: 'act',
    source:
      '(?:told|tells|says|said|saying|telling|shouted|shouts|yelled|yells) (?:us |me |them |the class |everyone |her |him )?(?:that )?(?:we|i|you|they|she|he) (?:are|were|was|am|re|m|s|will always be|will never be anything but|are all|were all|is) ~ {INSULT}',
  },
  {
    category: 'abuse',
    weight: 0.85,
    kind: 'act',
    yieldsTo: 'discrimination',
    source:
      '(?:humiliat\\w*|shames?|shamed|shaming|mocks?|mocked|mocking|ridicul\\w*|belittl\\w*|degrad\\w*|insults?|insulted|insulting|curses?|cursed|cursing|swears? at|swore at|cusses? at|cussed at|bull(?:y|ies|ied|ying)|verbally attack\\w*|makes fun of|made fun of|laughs at|laughed at|berates?|berated|berating) (?:at |to )?(?:us|me|students?|the students|them|him|her|classmates?|my classmates|the class|everyone|a student|some students|a classmate|people)',
  },
  {
    category: 'abuse',
    weight: 0.8,
    kind: 'topic',
    source:
      '(?:verbally abusive|verbal abuse|physically abusive|physical abuse|emotionally abusive|emotional abuse|abusive|corporal punishment|maltreat\\w*|bullying|abused us|abuses us|abuses students|abused students|abused me|abuse of students|pang aabuso|pangaabuso|inaabuso|inabuso|gina abuso|giabuso)',
  },
  {
    category: 'abuse',
    weight: 0.9,
    kind: 'act',
    source:
      '(?<!(?:to|will|should|ill|gonna|wanna|would|could|lets|must|might)(?: really| just| gonna)? )(?:slap\\w*|hit|hits|hitting|punch\\w*|kick\\w*|pinch\\w*|spank\\w*|smack\\w*|chok\\w*|strangl\\w*|shov\\w*|push\\w*|whips?|whipped|beats?|beat up|beaten|smacked|knocks?|knocked|paddl\\w*|spanked) (?:us|me|students?|the students|him|her|them|a classmate|my classmate|classmates|boys|girls|a boy|a girl|some students|a student|kids) ',
  },
  {
    category: 'abuse',
    weight: 0.9,
    kind: 'act',
    source:
      '(?<!(?:to|will|should|ill|gonna|wanna|would|could|lets|must|might)(?: really| just| gonna)? )(?:hit|hits|hitting|struck|strikes|slapped|whacked|whacks) (?:us|me|students?|him|her|them|a classmate|my classmate|classmates)? ?(?:with|using) (?:a |the |his |her )?(?:ruler|stick|book|books|chalk|eraser|pen|folder|meter stick|belt|hand|fist|rod|pointer|umbrella)',
  },
  {
    category: 'abuse',
    weight: 0.9,
    kind: 'act',
    source:
      '(?:throws?|threw|throwing|hurls?|hurled|tosses?|tossed) ~ (?:chalk|chalks|erasers?|markers?|books?|chairs?|papers?|a pen|pens|things|stuff|objects?|keys?|bottles?|shoes?|notebooks?|the modules?|our papers|our notebooks) ~ (?:at|to) (?:us|me|students?|him|her|them|the class|someone|a classmate|classmates|my classmate|our faces?|my face|his face|her face)',
  },
  {
    category: 'abuse',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:pulls?|pulled|pulling|twists?|twisted|yanks?|yanked|tugs?|tugged) (?:my|our|his|her|their|students|a|the) (?:[a-z]+ )?(?:ears?|hair)',
  },
  {
    category: 'abuse',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:made|makes|make|forced|forces|force|orders?|ordered) (?:us|me|them|students|him|her|the class|a classmate|my classmate|the boys|the girls) (?:to )?(?:kneel|squat|stand under the sun|stand in the sun|stand on one foot|hold chairs|run laps as punishment|crawl|stand facing the wall|eat)',
  },
  {
    category: 'abuse',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:shouts?|shouted|shouting|yells?|yelled|yelling|screams?|screamed|screaming) ~~ (?:curse words|cursing|curses|swear words|swearing|profanit\\w*|cuss\\w*|bad words|insults|names|putangina|tangina|fuck|shit)',
  },
  {
    category: 'abuse',
    weight: 0.75,
    kind: 'act',
    source:
      '(?:bad words|profanit\\w*|cuss words|swear words|curse words|f words?|expletives) ~ (?:at us|to us|at students|at me|in class|towards us|toward us)',
  },
  {
    category: 'abuse',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:fuck you|fuck off|putangina mo|putang ina mo|putanginamo|tangina mo|tang ina mo|taena mo|pakyu|pakyu ka|gago ka|gaga ka|bobo ka|tanga ka|bobo kayo|tanga kayo|gago kayo|bobo talaga kayo|inutil ka|inutil kayo|hayop ka|hayop kayo|baboy kayo|ulol ka|ulol kayo|buang ka|buang mo|buang mo tanan|buang mo tanang|bogo ka|bogo mo|yawa ka|yawa mo|giatay ka|giatay mo|amaw ka|amaw mo|animal ka|animal mo|walay utok mo|way utok mo|walang utak kayo|wala kayong utak|wala kang utak|ang bobo niyo|ang bobo nyo|ang tanga niyo|ang tanga nyo|ang bobo mo|ang tanga mo|you idiots|you morons|you stupid|you are all stupid|youre all stupid|you are stupid|youre stupid|you are useless|youre useless|you are all idiots|youre all idiots|stupid students|bunch of idiots|bunch of morons)',
  },
  {
    category: 'abuse',
    weight: 0.8,
    kind: 'act',
    source:
      'in front of (?:the class|everyone|the whole class|our classmates|my classmates|the other students|other students|the other sections|all of us) ~~ (?:stupid|idiot|dumb|useless|worthless|shame|shamed|humiliat\\w*|mock\\w*|insult\\w*|laugh\\w*|ridicul\\w*|slap\\w*|hit|cry|cried)',
  },
  // Filipino / Taglish
  {
    category: 'abuse',
    weight: 0.9,
    kind: 'act',
    source:
      '(?:tinatawag|tinawag|tawag|tinatawagan|tinatawag niya|tawag niya|sinasabihan|sinabihan|sinasabihang|sinabihang|pinagsasabihan|minumura|minura|pinagmumura|sinasabi|sinabi|sabi|sinasabing|sinabing|gitawag|ginatawag|gatawag|tawgon|ingnan|giingnan|ginaingnan|gaingon|ingon|giingon|gisultihan|ginasultihan) ~~ {INSULT}',
  },
  {
    category: 'abuse',
    weight: 0.85,
    kind: 'act',
    yieldsTo: 'discrimination',
    source:
      '(?:pinapahiya|pinahiya|ipinahiya|pinapahiya niya|pinagtatawanan|pinagtawanan|minamaliit|minaliit|nilalait|nilait|nilalapastangan|ininsulto|iniinsulto|binubully|binully|binabully|pinagmumura|pinagmura|minumura|minura|minumura niya|nagmumura|nagmura|dinuduro|dinuro|sinisigawan at minumura|pinagsisigawan at minumura|nilalapastangan|ipinapahiya)',
  },
  {
    category: 'abuse',
    weight: 0.9,
    kind: 'act',
    source:
      '(?:sinampal|sinasampal|sinampal niya|sinasapak|sinapak|sinuntok|sinusuntok|pinalo|pinapalo|pinagpapalo|hinampas|hinahampas|kinurot|kinukurot|sinabunutan|sinasabunutan|piningot|pinipingot|tinadyakan|tinatadyakan|sinipa|sinisipa|binatukan|binabatukan|kinutusan|kinukutusan|tinulak|tinutulak|pinaluhod|pinapaluhod|pinatayo sa araw|pinabilad|pinapabilad|sinakal|sinasakal|hinila ang buhok|hinihila ang buhok|hinila ang tenga|hinihila ang tenga)',
  },
  {
    category: 'abuse',
    weight: 0.9,
    kind: 'act',
    source:
      '(?:binato|binabato|binabatuhan|binatuhan|hinagisan|hinahagisan|binalibag|ibinabato|ibinato|binabalibag) ~ (?:ng |kami ng |ako ng |siya ng |niya ng |kami |ako )?(?:chalk|eraser|marker|libro|upuan|papel|ballpen|bagay|notebook|sapatos|bote|susi|module)',
  },
  {
    category: 'abuse',
    weight: 0.85,
    kind: 'act',
    yieldsTo: 'discrimination',
    source:
      '(?:pinapahiya|pinahiya|pinagtatawanan|pinagtawanan|pinapagalitan at minumura|gipakaulawan|ginapakaulawan) ~~ (?:sa harap ng|sa harapan ng|sa tanan|atubangan sa|atubangan sa tanan|sa klase)',
  },
  // Cebuano
  {
    category: 'abuse',
    weight: 0.85,
    kind: 'act',
    yieldsTo: 'discrimination',
    source:
      '(?:gipakaulawan|ginapakaulawan|gapakaulaw|gipaulawan|ginapaulawan|ginabiaybiay|gibiaybiay|gibugalbugalan|ginabugalbugalan|ginainsulto|giinsulto|ginamura|gimura|gapamura|nagpamura|ginapamura|ginabully|gibully|giyawayawa|ginayawayawa|ginaatay|giatayatay|gipanghimaraut)',
  },
  {
    category: 'abuse',
    weight: 0.9,
    kind: 'act',
    source:
      '(?:gisagpa|ginasagpa|sagpaon ko|gisumbag|ginasumbag|gibunalan|ginabunalan|gibunal|gipalo|ginapalo|gikusi|ginakusi|gilagpot|ginalagpot|gisipa|gisikaran|ginasikaran|gipaluhod|ginapaluhod|gibitad ang buhok|gibira ang dalunggan|gilubag ang dalunggan|gilubag ang dunggan|giduso|ginaduso|gituktokan|ginatuktokan|gisakal|ginasakal|gikastigo)',
  },
  {
    category: 'abuse',
    weight: 0.9,
    kind: 'act',
    source:
      '(?:gilabay|ginalabay|gilabayan|ginalabayan|gibato|ginabato|gibatohan|ginabatohan) ~ (?:ug |og |sa |mi ug |ko ug |siya ug )?(?:chalk|eraser|marker|libro|lingkuranan|papel|ballpen|notebook|sapatos|botelya|yawe|module)',
  },
];

const integrity: PatternSource[] = [
  {
    category: 'integrity',
    weight: 0.9,
    kind: 'act',
    source:
      '(?:pay|pays|paid|paying|give|gives|gave|giving|send|sends|sent|bring|brings|brought|gcash\\w*|hand over|shell out|ask\\w* for|asks?|asked|collect\\w*|charges?|charged|demands?|demanded|magbayad|magbabayad|nagbayad|nagbabayad|bayaran|babayaran|magbigay|nagbigay|nagbibigay|bigyan|magabot|mag abot|nag abot|iabot|magpadala|nagpadala|singil|sumisingil|naniningil|naniningil ng|humihingi|humingi|mobayad|mubayad|magbayad|nagbayad|bayran|mohatag|muhatag|maghatag|nihatag|ihatag|mupadala|ginapangayo|gipangayo|nangayo|nanghingi|naniningil) ~~ {MONEY} ~~ {PASSING}',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    source:
      '{PASSING} ~~ (?:pay|pays|paid|paying|payment|bayad|magbayad|mobayad|mubayad|bayran|bayaran|bribe|suhol|under the table) ~~ {MONEY}',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:\\d+ pesos|pesos \\d+|\\d+k|\\d{3,}) ~~ (?:to pass|for a passing|for passing|for a pass|para pumasa|para papasa|para pasado|para mopasar|para mupasar|para maka pasar|para makapasar|para uno|para tumaas|for uno|for a grade of|for a higher grade|for higher grades|for the grade|for grades|para sa grade|para sa grado)',
  },
  {
    category: 'integrity',
    weight: 0.8,
    kind: 'topic',
    source:
      '(?:bribe\\w*|brib(?:ing|ery)|suhol\\w*|sinuhulan|sinusuhulan|nagpasuhol|nagpapasuhol|kotong|padulas|under the table|lagayan|grade fixing|grades for sale|grade for sale|pay for grades|pay to pass|paid to pass|bayad para pumasa|bayad para pasado|bayad para mopasar)',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'claim',
    source:
      '(?:sell\\w*|sold|leak\\w*|giving out|gives out|gave out|binebenta|ibinebenta|nagbebenta|binenta|ibinenta|pinagbibili|ipinagbibili|nilalabas|nilabas|ginabaligya|gibaligya|nagbaligya|nagabaligya|gabaligya|ibaligya|mobaligya|baligya) ~ ~~ (?:exams?|test questions|test papers|tests|questionnaires?|answer keys?|answers?|answer sheets|quiz questions|grades?|final exam|midterm exam|sagot|tanong|grado|tubag|pangutana|exam questions)',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:exams?|exam questions|test questions|questions|answer keys?|answers|test papers|grades|midterms?|finals|quiz|quizzes) ~ (?:were|was|are|is|got|get|gets|have been|had been)(?: being)? (?:leaked|sold|for sale)',
  },
  {
    category: 'integrity',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:bought|buy|buys|purchased|purchase|bumili|nakabili|mopalit|nipalit|nakapalit) ~~ (?:bonus|extra|plus|additional|dagdag) (?:points?|grades?|puntos)',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:kapag hindi|kung hindi|pag hindi|kung di|kapag di|pag di|if you dont|if we dont|if you do not|if we do not|those who dont|those who did not|those who didnt|kung dili|kon dili|kung wala) (?:bumili|bibili|mopalit|mupalit|buy|bought|pay|paid|magbayad|mobayad|nagbayad|nakabili|nakapalit|makabili|makapalit) ~~ (?:bagsak|babagsak|minus|bawas|zero|inc|fail|failed|walay grado|walang grade|deduct\\w*|ibagsak|ibabagsak|no grade|no exam)',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:grades?|exams?|answer keys?|answers?|test questions|uno|passing grades?|grado|sagot|tubag) (?:for sale|are for sale|is for sale|can be bought|are sold|is sold|for a price|can be purchased|nabibili|mabibili|ginabaligya|mapalit|mabili|may bayad|naay bayad)',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:buy|buys|bought|buying|purchase|purchased|bumili|bilhin|bibilhin|binili|mopalit|mupalit|nagpalit|palit|paliton) (?:a |the |your |our |ng |ang |og |ug )?(?:grades?|passing grades?|passing|uno|exam|answers|answer keys?|grado|sagot|tubag)',
  },
  {
    category: 'integrity',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:required|requires|forced|forces|force|obliged|obligated|compelled|made|makes|must|have to|has to|had to|need to|needed to|pressured|pressures|mandatory|obligatory|compulsory|compels) (?:us |me |students |everyone |the class |all of us |all students )?(?:to )?(?:buy|purchase|pay for|avail|order|sell) ~~ (?:his|her|their|sirs|maams|the teachers|the profs|teachers own|profs own|her own|his own) ~ {GOODS}',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:buy|purchase|pay for|avail|order|sell) ~~ (?:or|otherwise|or else|else|if not|if we dont|if you dont|if we do not|if you do not|those who dont|those who did not|those who didnt|whoever doesnt) ~~ (?:fail|failed|fails|no grade|deduct\\w*|minus|wont pass|will not pass|cannot pass|cant pass|incomplete|inc|zero|lower grade|lower grades|no exam|no clearance|not take the exam)',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    source:
      'no (?:book|books|module|modules|ticket|tickets|handout|handouts|payment|shirt|tshirt|raffle)s? ,? no (?:grade|grades|pass|exam|clearance|final|finals|passing)',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:wala|walang|walay|way) (?:libro|module|ticket|tiket|bayad|tshirt|handout|raffle|paninda) ,? (?:walang|wala|walay|way) (?:grade|grado|exam|clearance|pasar|pasado|finals)',
  },
  {
    category: 'integrity',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:pinipilit|pinilit|obligado|obligadong|sapilitan|sapilitang|required|kailangan|kailangang|dapat|kinakailangan|pinabibili|pinabili|pinapabili|pinagbibili|gipugos|ginapugos|pugson|pugos|gipapalit|ginapapalit|gipalit|obligado) ~ (?:kami |kaming |ako |mi |kami na |ka |kamo )?(?:na |nga )?(?:bumili|bilhin|bilhan|bibili|mopalit|magpalit|mupalit|paliton|mamalit|magbenta|magbaligya|ibenta|ibaligya) ~~ (?:niya|ni sir|ni maam|ni mam|nila|iyang|niyang|sa iyaha|iyaha|kanya|kaniya|sa kanya|ni prof)',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:bumili|bilhin|mopalit|paliton|bayaran|magbayad|mobayad) ~~ (?:kung hindi|kapag hindi|pag hindi|kung di|pag di|or else|kundi|kung dili|kon dili|kung wala|kapag wala|kay kung dili|if dili) ~~ (?:bagsak|babagsak|ibabagsak|bumagsak|walang grade|inc|minus|bawas|zero|hindi papasa|di papasa|hindi pasado|ibagsak|walay grado|dili mopasar|dili ka mopasar|dili mi mopasar|bagsak mi|hindi makakakuha ng exam|dili makaexam)',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:kapag|pag|kung|kon|basta|if|if you|if we|whoever|those who|sino ang|kinsa ang) ~ (?:nagbayad|magbayad|magbigay|nagbigay|mobayad|mubayad|nagbayad|mohatag|nihatag|pay|pays|paid|give|gives|gave|bring|brings|brought) ~~ (?:papasa|pumasa|pasado|uno|tataas|mataas|mopasar|mupasar|pasar|taas|pass|passes|passed|higher|plus points|additional points|bonus points|extra points)',
  },
  {
    category: 'integrity',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:extra|additional|bonus|plus|dagdag) (?:points?|grades?|puntos) ~~ (?:gifts?|groceries|cake|food|money|cash|load|regalo|pera|kwarta|bring|brings|buy|buys|donate|donation|donations|pasalubong|lechon|alak|beer|liquor|padala)',
  },
  {
    category: 'integrity',
    weight: 0.75,
    kind: 'act',
    source:
      '(?:personal errands|errands for him|errands for her|clean his house|clean her house|wash his car|do his laundry|do her laundry|maglaba sa bahay niya|maglinis sa bahay niya|maglinis ng bahay niya|manglaba sa iyang balay|manglimpyo sa iyang balay|mag alaga ng anak niya) ~~ {PASSING}',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:comes?|came|coming|arrives?|arrived|shows? up|showed up|teaches|taught|teaching|went|goes|lectures?|lectured|lecturing|entered|enters|was|is|sometimes|often|always|pumapasok|pumasok|nagtuturo|nagturo|nagklase|dumating|dumarating|pumupunta|mosulod|misulod|nagtudlo|motudlo|magtudlo|moabot|niabot|muabot|nisulod) ~~ (?:drunk|intoxicated|tipsy|under the influence|smelling of alcohol|smelling like alcohol|lasing|nakainom|lango|hubog|hubog na|nahubog|naka inom|amoy alak|bahog ilimnon|baho ug ilimnon)',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:drunk|intoxicated|tipsy|lasing|nakainom|lango|hubog|amoy alak|amoy alcohol|amoy beer|amoy gin|amoy tagay|bahog ilimnon|baho ug ilimnon|bahog alak|baho ug alak|bahog tuba|baho ug tuba|naglalasing|nag iinom|mag inom) ~~ (?:klase|class|classes|in class|to class|during class|in the classroom|while teaching|during lecture|during lectures|during our class|pumapasok|pumasok|nagtuturo|magturo|sa klase|sa room|sa classroom|nagklase|sa loob ng klase|mosulod|misulod|nagtudlo|motudlo|magtudlo|ga klase|nagklase|oras sa klase|sa oras ng klase|classroom)',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:smells?|smelled|smelling|reeks?|reeked|reeking|stinks?|stank) (?:of|like) (?:alcohol|liquor|beer|booze|gin|rum|whisky|whiskey|brandy|tuba|alak)',
  },
  {
    category: 'integrity',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:drinks?|drinking|drank) (?:alcohol|beer|liquor|booze|gin|brandy|tuba|alak) (?:in|during|inside|while) (?:class|the classroom|lecture|teaching|klase)',
  },
];

const selfHarm: PatternSource[] = [
  {
    category: 'self_harm',
    weight: 0.9,
    kind: 'strong',
    source:
      '(?:kill myself|killing myself|end my life|ending my life|end it all|ending it all|ended it all|take my own life|taking my own life|take my life|hurt myself|hurting myself|harm myself|harming myself|cut myself|cutting myself|cutting again|started cutting|slit my wrists?|overdose on|od on|jump off (?:a |the )?(?:building|bridge|roof|balcony)|hang myself|hanging myself|no reason to live|nothing to live for|not worth living|isnt worth living|is not worth living|dont want to live|do not want to live|dont want to be alive|do not want to be alive|dont want to exist|tired of living|tired of being alive|wish i was dead|wish i were dead|wish i wasnt alive|wish i was never born|wish i had never been born|better off dead|better off without me|better without me|no one would miss me|nobody would miss me|no one will miss me|nobody will miss me|dont see the point (?:of|in) living|do not see the point (?:of|in) living|see no point in living|dont see the point of life|no point (?:in )?living|no point in life|want to disappear forever|sleep and never wake up|never wake up again|cant go on anymore|can not go on anymore|cannot go on anymore|end everything|ending everything|not be here anymore|wont be here anymore|goodbye forever|final goodbye|life is meaningless|my life is meaningless|my life is worthless|i am worthless and|give up on life|giving up on life|gave up on life|gave up on living)',
  },
  {
    category: 'self_harm',
    weight: 0.9,
    kind: 'strong',
    source:
      '(?:end|ending|take|taking|tapuson|tapusin|tatapusin|wakasan|wawakasan|kitlin|kikitlin) ~ (?:my own life|my life|akong kinabuhi|ang akong kinabuhi|ang buhay ko|buhay ko|aking buhay)',
  },
  {
    category: 'self_harm',
    weight: 0.8,
    kind: 'topic',
    source: '(?:suicide|suicidal|self harm|selfharm|self injury|mental breakdown and|pagpapakamatay|paghikog)',
  },
  {
    category: 'self_harm',
    weight: 0.75,
    kind: 'hyperbole',
    source:
      '(?:want to die|wanna die|wish i could die|wish i would die|wish to die|rather die|would rather be dead|want to be dead|ready to die)',
  },
  // Filipino / Taglish
  {
    category: 'self_harm',
    weight: 0.9,
    kind: 'strong',
    source:
      '(?:magpapakamatay|magpakamatay|nagpakamatay|nagtangkang magpakamatay|tangkang magpakamatay|nagbabalak magpakamatay|balak magpakamatay|iniisip magpakamatay|iniisip kong magpakamatay|wakasan ang buhay ko|wawakasan ko ang buhay ko|wakasan na ang buhay ko|tapusin ang buhay ko|tapusin na ang buhay ko|tatapusin ko na ang buhay ko|tatapusin ko ang buhay ko|kitlin ang buhay ko|kikitlin ko ang buhay ko|ayoko nang mabuhay|ayaw ko nang mabuhay|ayoko na mabuhay|ayaw ko na mabuhay|ayoko ng mabuhay|ayaw ko ng mabuhay|ayoko na sa buhay|ayaw ko na sa buhay|pagod na akong mabuhay|pagod na ako mabuhay|pagod na ako sa buhay|wala nang saysay ang buhay ko|walang saysay ang buhay ko|wala ng saysay ang buhay ko|walang kwenta ang buhay ko|wala nang kwenta ang buhay ko|walang silbi ang buhay ko|sinasaktan ko ang sarili ko|sinaktan ko ang sarili ko|saktan ang sarili ko|sasaktan ko ang sarili ko|saktan ko ang sarili ko|naglalaslas|naglaslas|maglaslas|laslas|hiniwa ko ang pulso|hiwain ang pulso|tatalon ako sa|tumalon sa building|tumalon sa tulay|uminom ng lason|iinom ng lason|iinom ako ng lason|mas mabuti pang mamatay|mas mabuti pang wala na ako|mas okay kung wala na ako|mas mabuti kung wala na ako|mas maganda kung wala na ako|wala nang makakamiss sa akin|walang makakamiss sa akin|walang mamimiss sa akin|gusto ko nang mawala sa mundo|mawala na lang ako sa mundo|hindi ko na kaya mabuhay|di ko na kaya mabuhay|ayoko nang gumising|sana hindi na ako magising|sana di na ako magising)',
  },
  {
    category: 'self_harm',
    weight: 0.75,
    kind: 'hyperbole',
    source:
      '(?:gusto ko nang mamatay|gusto ko na mamatay|gusto ko ng mamatay|gusto ko na lang mamatay|gusto ko nalang mamatay|gusto kong mamatay|sana mamatay na lang ako|sana mamatay nalang ako|sana patay na lang ako|sana patay nalang ako|mamatay na lang ako|mamatay nalang ako|gusto ko na lang matulog habang buhay)',
  },
  // Cebuano
  {
    category: 'self_harm',
    weight: 0.9,
    kind: 'strong',
    source:
      '(?:maghikog|naghikog|mohikog|muhikog|magahikog|hikog|maghikog na lang|naghunahuna ko nga maghikog|dili na ko gusto mabuhi|dili nako gusto mabuhi|di na ko gusto mabuhi|ayaw na nako mabuhi|ayaw na ko mabuhi|kapoy na ko mabuhi|kapoy na kaayo ko mabuhi|kapoy na mabuhi|tapuson nako akong kinabuhi|tapuson na nako akong kinabuhi|tapuson ang akong kinabuhi|tapuson na nako ang tanan|wala nay pulos akong kinabuhi|walay pulos akong kinabuhi|walay kapuslanan akong kinabuhi|ginasakitan nako akong kaugalingon|gisakitan nako akong kaugalingon|sakitan nako akong kaugalingon|samaran nako akong kaugalingon|ginasamaran nako akong kaugalingon|moambak ko sa|muambak ko sa|ambak ko sa|moinom kog hilo|muinom kog hilo|inom kog hilo|maayo pa nga mamatay na lang ko|mas maayo pa nga mamatay|mas maayo pa nga wala nako|mas maayo kung wala nako|wala nay makamiss nako|walay makamiss nako|dili na ko mobangon|dili na unta ko momata)',
  },
  {
    category: 'self_harm',
    weight: 0.75,
    kind: 'hyperbole',
    source:
      '(?:gusto na ko mamatay|gusto nako mamatay|gusto na nako mamatay|ganahan na ko mamatay|ganahan ko mamatay|ganahan nako mamatay|mamatay na lang ko|mamatay nalang ko|unta mamatay na lang ko|unta patay na lang ko)',
  },
];

const threat: PatternSource[] = [
  {
    category: 'threat',
    weight: 0.9,
    kind: 'act',
    source:
      '(?:ill|i will|im going to|i am going to|im gonna|i am gonna|gonna|going to|will|want to|wanna|would like to|should|someone should|somebody should|someone needs to|somebody needs to|lets|i could|im about to|i swear i will|i swear ill|hope someone|we will|well|were going to|we should) (?:really )?(?:kill|murder|stab|shoot|beat up|beat|punch|hurt|strangle|choke|burn|bomb|blow up|slap|attack|poison|run over|break (?:his|her|your) (?:neck|legs?|face|bones|nose|arms?)) {TEACHER}',
  },
  {
    category: 'threat',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:bring|bringing|brought|will bring|carry|carrying|take|taking|magdadala|magdala|dadalhin|dala|nagdala|magdadala ako|magdala kog|mudala|modala|magdala ko|dad on|dad an) ~ {WEAPON}',
  },
  {
    category: 'threat',
    weight: 0.9,
    kind: 'act',
    source:
      '(?:bomb|shoot up|blow up|burn down|set fire to|torch|pasasabugin|pasabugin|sasabugin|bobombahin|pabobombahin|sisilaban|susunugin|pabuthon|buthan|sunogon|sunugon) (?:ko |namin |nako |namo )?(?:the |this |ang |yung |ning |ang inyong )?{PLACE}',
  },
  {
    category: 'threat',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:threaten\\w*|threat to|nagbanta|nagbabanta|binantaan|binabantaan|nananakot|tinakot|tinatakot|gihulga|ginahulga|nanghulga|nagahulga|gihadlok|ginahadlok) ~~ (?:to )?(?:kill|hurt|hit|slap|punch|beat|stab|shoot|harm|attack|break|burn|throw|sasaktan|papatayin|sasampalin|susuntukin|babatukan|kukurutin|papaluin|bubugbugin|babarilin|sasaksakin|patyon|kulatahon|bunalan|sagpaon|sumbagon|pusilon|dunggabon|sakitan|papaluon)',
  },
  {
    category: 'threat',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:threaten\\w*|nagbanta|binantaan|tinakot|gihulga|gihadlok) ~ (?:with|gamit ang|ng|sa|ug|og) (?:a |his |her |iyang |niyang |kanyang )?(?:knife|gun|violence|bolo|chair|scissors|weapon|physical harm|kutsilyo|baril|itak|gunting|upuan|pusil|sundang|lingkuranan)',
  },
  {
    category: 'threat',
    weight: 0.7,
    kind: 'act',
    source:
      '(?:watch your back|youll pay for this|you will pay for this|hell pay for this|he will pay for this|shell pay for this|she will pay for this|your days are numbered|his days are numbered|her days are numbered|im coming for you|coming for him|dead meat|sleep with one eye open|humanda ka sa akin|humanda ka sa labas|humanda ka sir|humanda ka maam|humanda ka talaga|humanda ka na|andam ka|andam ka sir|andam ka nako|mag andam ka)',
  },
  {
    category: 'threat',
    weight: 0.7,
    kind: 'act',
    source:
      '(?:hope|hopes|wish|wishes|pray|praying|sana) ~ (?:he|she|they|sir|maam|you|siya|sya|si sir|si maam) ~ (?:dies|die|gets? killed|gets? hit by a|gets? hurt|burns? in hell|gets? cancer|crash|crashes|mamatay|mamatay na|masagasaan|maaksidente|mategi|madisgrasya)',
  },
  // Filipino / Taglish
  {
    category: 'threat',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:gusto ko|gusto kong|gusto namin|gustong gusto ko) (?:siyang |silang |sila |siya |na |ng )?(?:patayin|saktan|bugbugin|sapakin|suntukin|sampalin|barilin|saksakin|gulpihin|tagain)',
  },
  {
    category: 'threat',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:papatayin|patayin|tatagain|sasaksakin|saksakin|babarilin|barilin|bubugbugin|bugbugin|gugulpihin|gulpihin|sasaktan|sasapakin|sapakin|susuntukin|suntukin|sasampalin|lalasunin|lasunin|susunugin|reresbakan|babanatan|tutuluyan|ipapatumba|ipatumba|itutumba|papatumbahin|ipapapatay|ipapatay|ipapabugbog|ipabugbog|ipapagulpi|ipagulpi|sasaksakin ko|kakatayin) (?:ko|namin|natin|ko talaga|ko na|ko siya|ko sya|ko sila|ko kayo|ko ka|namin siya|namin sya|talaga namin) ',
  },
  {
    category: 'threat',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:papatayin|sasaksakin|babarilin|bubugbugin|gugulpihin|sasapakin|susuntukin|ipapatumba|ipapapatay|ipapabugbog|ipapagulpi) ~ (?:si sir|si maam|si mam|si prof|yang teacher|yung teacher|yang prof|yung prof|ang teacher|ang prof|yung guro|ang guro|yan si)',
  },
  {
    category: 'threat',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:aabangan|abangan|inaabangan|aabangan ko|aabangan namin) (?:ko |namin |talaga |ko talaga )?(?:siya|sya|si sir|si maam|si prof|kayo|ka|sila|yan|yun|yung prof|yung teacher|yang teacher) ~ (?:sa labas|sa gate|paglabas|mamaya|sa parking|pag uwi|sa daan|sa kanto)',
  },
  // Cebuano
  {
    category: 'threat',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:patyon|pusilon|dunggabon|bunalan|kulatahon|sumbagon|sagpaon|tigbason|hilohan|lumpagon|bunalon|patyan|dunggaban|pusilan|kulatahan|sumbagan|sagpaan|tigbasan) (?:gyud |jud |gid )?(?:nako|namo|nato|nako siya|nako sya|nako si|nako ka|ta siya|ta sya) ',
  },
  {
    category: 'threat',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:abangan|atngan|huwaton|abangan nako|atngan nako) (?:nako |namo |gyud nako )?(?:siya|sya|si sir|si maam|ka|sila|kamo) ~ (?:sa gawas|sa gate|sa dalan|paggawas|unya|sa parking|pag uli)',
  },
];

/**
 * Rules by concept rather than by phrase: a family of verbs (every inflection, see morph.ts) or a word group
 * near another. They carry most of what the screen reads in comments written after its phrase lists.
 */
const concepts: PatternSource[] = [
  // Harassment: company for a grade, his place, the body, the night, pictures.
  { category: 'harassment', weight: 0.85, kind: 'act', source: '{CONTACT} ~~~ {GAIN}' },
  { category: 'harassment', weight: 0.85, kind: 'act', source: '{GAIN} ~~~ {CONTACT}' },
  { category: 'harassment', weight: 0.8, kind: 'act', source: '{INVITE} ~~ {PRIVATE_PLACE}' },
  {
    category: 'harassment',
    weight: 0.8,
    kind: 'act',
    source:
      '{PRIVATE_PLACE} ~~ (?:alone|by myself|by herself|{~isa}|kami lang|ako lang|siya lang|kaming dalawa|kami ra|ako ra|mi ra|locked|locks|lock the door|{~lock,kandado}|consultation|review)',
  },
  {
    category: 'harassment',
    weight: 0.75,
    kind: 'act',
    source: '(?:alone|consult\\w*|special consultation|{~usap}|{~review}|private review) ~~~ {PRIVATE_PLACE}',
  },
  {
    category: 'harassment',
    weight: 0.75,
    kind: 'act',
    source:
      '(?:ask\\w*|{~tanong,pangutana}|nangutana|gipangutana) ~~ (?:if (?:i|im|she|shes|we) (?:am |is |are )?(?:single|taken)|single ba|single ka|what (?:im|i am|she is|shes|we are|i was) wearing|have a (?:boyfriend|bf)|may (?:boyfriend|bf|jowa)|naa (?:kay|moy|kay) (?:uyab|bf|boyfriend)|(?:my|our|her) (?:bra|underwear|panty|panties|bra size))',
  },
  {
    category: 'harassment',
    weight: 0.35,
    kind: 'act',
    source:
      '(?:{~message,text,chat,tawag,call}|messages?|texts?|dms?|calls?) ~~ (?:[1-4] ?am|at midnight|midnight|late at night|hatinggabi|hating gabi|madaling araw|tungang gabii|kaadlawon)',
  },
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:pics?|pictures?|photos?|litrato|selfies?|videos?|{~send,padala}) ~~ (?:walang shirt|walang damit|shirtless|topless|naked|nude|nudes|{~hubad}|walay sapot|underwear|private parts?)',
  },
  {
    category: 'harassment',
    weight: 0.75,
    kind: 'act',
    source: '(?:{~comment,komento,puna}|comments?) ~~ {BODY}',
  },
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:ma(?:la)?laswa(?:ng)?|ma(?:ha)?halay(?:ng)?|bastos nga|bastos na) (?:[a-z]+ )?(?:mensahe|messages?|chats?|texts?|biro|jokes?|litrato|pictures?|pics|photos?|videos?|salita|banat|komento|comments?)',
  },
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    source: '{~hipo,hikap,hapuhap,himas,halik,hagkan,halok,chansing,tsansing,manyak,molestiya}',
  },
  {
    category: 'harassment',
    weight: 0.8,
    kind: 'act',
    source:
      'flirt\\w* (?:with )?(?:me|us|students|girls|her|the girls|female students|boys|my classmates?)|flirty (?:messages|texts|chats|remarks|jokes|comments)',
  },
  // Discrimination: a derogatory word next to a group, a group told what it may not be, mockery of a trait.
  { category: 'discrimination', weight: 0.8, kind: 'claim', source: '{GROUP_STRONG} ~~ {DEROG}' },
  // The other order may not cross a conjunction: in "calls us idiots and mocks the Muslim students" the insult
  // is aimed at "us".
  {
    category: 'discrimination',
    weight: 0.8,
    kind: 'claim',
    source: '{DEROG} (?:(?!(?:and|at|ug|og|tapos|then|but|pero|unya|,) )[a-z0-9]+ ){0,6}?{GROUP_STRONG}',
  },
  {
    category: 'discrimination',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:ayaw|refus\\w*|wont|will not|doesnt|does not|dili|hindi|never) ~~~ (?:pronouns|preferred name|chosen name)',
  },
  {
    category: 'discrimination',
    weight: 0.8,
    kind: 'claim',
    source:
      '(?:{SEX_GROUP}|{GENDER_GROUP}s?) (?:daw |raw |kuno |kay |are |ay )?(?:should not|shouldnt|should only|cant|cannot|are not allowed|not allowed|dont belong|do not belong|have no place|are too|too emotional|are weak|are emotional|hindi (?:daw |raw )?dapat|di (?:daw |raw )?dapat|hindi (?:daw |raw )?pwede|di pwede|dili (?:daw |kuno )?angay|dili dapat|dili pwede|bawal|mahina|mahihina|huyang|pang bahay|sa kusina)',
  },
  {
    category: 'discrimination',
    weight: 0.75,
    kind: 'claim',
    source:
      '(?:should not|shouldnt|not allowed|hindi (?:daw |raw )?dapat|di (?:daw |raw )?dapat|dili (?:daw |kuno )?angay|dili (?:daw |kuno )?dapat|hindi (?:daw |raw )?pwede|dili (?:daw |kuno )?pwede) ~~ (?:ang mga |mga |ang )?(?:{SEX_GROUP}|{GENDER_GROUP}|muslims?)',
  },
  {
    category: 'discrimination',
    weight: 0.8,
    kind: 'act',
    source:
      '{GENDER_GROUP} ~~ (?:stop pretending|pretend\\w*|real (?:man|woman|boy|girl)|tunay na (?:lalaki|babae)|tinuod nga (?:lalaki|babaye)|lalaki ka|babae ka|babaye ka|laki ka|{~inarte}|magpakalalaki|magpakababae|makauulaw|kaulawan|kahihiyan|disgrace|abnormal|salot|kasalanan|confused|a phase|just a phase)',
  },
  {
    category: 'discrimination',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:mocks?|mocked|mocking|makes? fun of|made fun of|making fun of|laughs? at|laughed at|laughing at|imitat\\w*|ridicul\\w*|jokes? about|joked about|joking about|belittl\\w*|pinagtatawanan|pinagtawanan|tinatawanan|tinawanan|ginagaya|ginaya|gigaya|ginagaya|minamaliit|minaliit|gimaliit|ginawang (?:biro|joke|katatawanan)|ginagawang (?:biro|joke|katatawanan)|gihimong (?:joke|komedya|kataw anan)|{~tukso,kutya,lait,insulto,bully,bugalbugal,biaybiay,sundog,yagayaga,tamay}) ~~~ (?:{TRAIT}|{GROUP_STRONG}|stutter\\w*|stammer\\w*|limp\\w*|lisp\\w*|{~lakad,pinulongan})',
  },
  // Abuse: insults in any inflection of saying or calling, punishment of the body, work thrown away, and the
  // threat to fail whoever reports.
  {
    category: 'abuse',
    weight: 0.9,
    kind: 'act',
    source: '{~sabi,tawag,sigaw,mura,ingon,sulti,singgit,bansag} ~~ {INSULT}',
  },
  {
    category: 'abuse',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:fail|fails|failing|flunk\\w*|zero|{~bagsak}) ~~~ (?:{~sumbong,reklamo}|reports? (?:him|her|sir|maam|this|it|them|us)|reported (?:him|her|sir|maam|this|it)|complain\\w*|tell the dean|goes to the dean)',
  },
  {
    category: 'abuse',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:{~sumbong,reklamo}|reports? (?:him|her|sir|maam|this|it)|reported (?:him|her|sir|maam)|complain\\w*) ~~ (?:{~bagsak}|fail|fails|failing|flunk\\w*|zero)',
  },
  {
    category: 'abuse',
    weight: 0.85,
    kind: 'act',
    source: '(?:throws?|threw|throwing|hurl\\w*|toss\\w*) ~ {THROWN} ~ (?:at|towards?)',
  },
  {
    category: 'abuse',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:threw|throws|throw|tossed|{~tapon,labay,labog,itsa}) ~ {WORK} ~~ (?:trash|bin|garbage|floor|basurahan|basura|sahig|salog|window|bintana)',
  },
  {
    category: 'abuse',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:never amount to anything|will never amount to|wala kayong mararating|wala kang mararating|walang mararating|wala kayong patutunguhan|wala moy padulngan|wala kay padulngan|walay padulngan)',
  },
  {
    category: 'abuse',
    weight: 0.6,
    kind: 'act',
    source: '(?:tore|tears|ripped|rips|shredded|{~punit,gisi}) ~ (?:up )?(?:[a-z]+ )?{WORK}',
  },
  {
    category: 'abuse',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:punish\\w*|as punishment|{~parusa,silot}) ~~ (?:stand\\w*|kneel\\w*|squat\\w*|under the sun|in the sun|outside|pinatayo|pinapatayo|gipatindog|ginapatindog|gipabarog|ginapabarog|{~luhod,bilad}|sa init|sa araw|sa labas|sa gawas|sa initan)',
  },
  {
    category: 'abuse',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:pinatayo|pinapatayo|pinaluhod|pinapaluhod|gipatindog|ginapatindog|gipabarog|ginapabarog|gipaluhod|made (?:us|me|them) stand|makes (?:us|me|them) stand|made (?:us|me|them) kneel) ~~ (?:(?:\\d+|two|three|four) hours|ka oras|oras|buong (?:araw|hapon|klase|period)|whole (?:period|class|day|afternoon)|sa init|sa araw|under the sun|in the sun|sa initan|as punishment|{~parusa,silot})',
  },
  // Integrity: money, goods or food for a grade; a purchase to avoid failing.
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    source: '(?:{~bayad,suhol,lagay}|payment|pays?|paid|paying) ~~ {GAIN}',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    source: '{GAIN} ~~ (?:{~bayad,suhol,lagay})',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:{~hingi,singil,bigay,hatag,abot,padala,tanggap,dawat}|mangayo|nangayo|gipangayo|ginapangayo|pangayoon|accepts?|accepted|accepting|receives?|received|takes?|took|asks? for|asked for|asking for|demands?|demanded|wants?|wanted|needs?) ~~ {MONEY} ~~~ {GAIN}',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    source: '{~regalo} ~~~ {GAIN}',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    source:
      '{MONEY} ~~ (?:in exchange for|in exchange|exchange for|kapalit ng|kapalit|baylo sa|baylo|ilis sa|ilisan) ~~ {GAIN}',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:{~bili,palit}|buy|buying|bought|purchase\\w*) ~~~ (?:para (?:hindi|di|dili) (?:ka |kami |mi |ako |ko )?(?:{~bagsak}|fail)|or (?:else )?(?:we |you |i )?(?:fail|get a failing|get zero|get a zero)|to avoid (?:failing|a failing)|para maiwasan (?:ang )?(?:bagsak|bumagsak))',
  },
  // Self-harm: wanting to vanish or not to live, harm to oneself, a jump, a goodbye note, not waking up.
  {
    category: 'self_harm',
    weight: 0.85,
    kind: 'strong',
    source:
      '(?:want to|wish i could|wish to|would rather|id rather|just want to|gusto ko|gusto kong|gusto ko na|gusto ko nang|gusto ko nalang|gusto ko na lang|gusto na lang ko|gusto nalang ko|gusto na ko|gusto nako|gusto na nako|ganahan ko|ganahan na ko|sana|unta) ~ (?:disappear|vanish|cease to exist|stop existing|be gone forever|(?:mawala|maglaho|mahanaw|mawagtang)(?! (?:ang|yung|ning|ng|mga|na ang|na yung|lahat|ito|to|kini|ni)))',
  },
  {
    category: 'self_harm',
    weight: 0.85,
    kind: 'strong',
    source:
      '(?:ayoko|ayokong|ayaw ko|ayaw kong|ayaw nako|ayaw na ko|ayaw na nako|dont want to|do not want to|no longer want to|dili na ko gusto|dili nako gusto|di na ko gusto|dili na gusto) (?:na |nang |ng |na nga |na ko |pa )?(?:mabuhay|mabuhi|live|live anymore|be alive|exist|gumising|magising|momata|mumata|wake up)',
  },
  {
    category: 'self_harm',
    weight: 0.9,
    kind: 'strong',
    source:
      '(?:kill|kills|killing|hurt|hurting|harm|harming|cut|cutting|hang|hanging|poison|starve|starving|injure|injuring) (?:myself|myslf|my self)',
  },
  {
    category: 'self_harm',
    weight: 0.85,
    kind: 'strong',
    source:
      '(?:nobody|no one|noone|walang|walay) (?:would|will|will even|would even)? ?(?:care|notice|miss me|makakapansin|makapansin|mahalata|makamatikod) (?:if|kung) (?:i|ako|ko) (?:die|died|disappear|disappeared|was gone|were gone|mamatay|mawala|mamatay ko|mawala ko)',
  },
  {
    category: 'self_harm',
    weight: 0.85,
    kind: 'strong',
    source:
      '(?:wala|walang|no|walay|wala nay) (?:na )?(?:akong |ako |koy |kong |more )?(?:dahilan|rason|reason|reasons|hinungdan|saysay|gana) (?:para |to |nga |pa |na )?(?:mabuhay|mabuhi|live|to live|keep living|mabuhi pa)',
  },
  {
    category: 'self_harm',
    weight: 0.85,
    kind: 'claim',
    source:
      '(?:kill|kills|killing|killed|hurt|hurting|harm|harming|cut|cutting|hang|hanging|hanged) (?:himself|herself|themselves|themself)|(?:end|ending|ended|take|taking|took) (?:his|her|their) (?:own )?life',
  },
  {
    category: 'self_harm',
    weight: 0.9,
    kind: 'strong',
    source: '(?:{~sakit,sakt,samad,samar,patay,paty,hiwa,sugat,laslas,saksak}) (?:[a-z]+ ){0,3}?(?:sarili|kaugalingon)',
  },
  {
    category: 'self_harm',
    weight: 0.8,
    kind: 'strong',
    source:
      '(?:{~talon,ambak,lukso}|jump|jumps|jumping|jumped) ~~ (?:building|bridge|tulay|roof|rooftop|bubong|bintana|window|balcony|tower|cliff|(?:\\d+|\\d+th|\\d+rd|\\d+nd) floor)',
  },
  {
    category: 'self_harm',
    weight: 0.8,
    kind: 'strong',
    source:
      '(?:my|wrote|write|writing|written|{~sulat}) ~ (?:goodbye|farewell|paalam|suicide|pamamaalam) (?:letters?|notes?|messages?|sulat)',
  },
  {
    category: 'self_harm',
    weight: 0.8,
    kind: 'strong',
    source:
      '(?:sana|unta|i wish|wish) ~ (?:hindi|di|dili|never|wala) (?:na )?(?:lang |nalang )?(?:ako |ko )?(?:{~gising,mata}|wake up|woke up)',
  },
  // Threats: harm that someone says he will do or have done.
  {
    category: 'threat',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:ipa|ipapa|ipina|ipinapa|gipa|ginapa)(?:patay|papatay|bugbog|bubugbog|gulpi|gugulpi|salvage|sasalvage|tumba|tutumba|saksak|sasaksak|baril|babaril|bunal|bubunal|kulata|pusil|patyon|sunog|susunog)(?:in|hin|an|han|on)?',
  },
  {
    category: 'threat',
    weight: 0.85,
    kind: 'strong',
    source:
      '{VIOLENT_IRREALIS} (?:ko(?! ni )|tika|taka|namin|natin|nako|namo|nato|niya|nila|nimo|ta|ka|kita|kayo|siya|sila|si|ang|yung|yang|iyang|daw|raw|kuno|talaga|gyud|jud|gid|mi|kamo) ',
  },
  { category: 'threat', weight: 0.6, kind: 'hyperbole', source: '{VIOLENT_IRREALIS}' },
  {
    category: 'threat',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:have|get|got) (?:us|you|them|him|her|me|everyone) (?:beaten|beat up|killed|hurt|shot|stabbed|salvaged|jumped|mauled)',
  },
  {
    category: 'threat',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:ill|i will|im going to|i am going to|going to|will|want to|i swear|swear ill|should) (?:really )?(?:kill|murder|stab|shoot|beat|punch|hurt|burn|bomb|slash|attack|poison|break|smash|destroy|wreck|run over|torch) (?:his|her|sirs|maams|the teachers|their|your) (?:[a-z]+ )?(?:car|house|office|motorcycle|motor|family|kids|children|wife|husband|face|head|tires|home)',
  },
  {
    category: 'threat',
    weight: 0.7,
    kind: 'act',
    source:
      '(?:knows?|know) where (?:i|you|we|she|he|they) (?:live|lives|stay|stays)|alam (?:ko|niya|nya|namin) (?:kung )?saan (?:ka|kayo|ako|kami|siya) (?:nakatira|nakatira|umuuwi)|kabalo (?:ko|siya|mi) (?:asa|kung asa) (?:ka|ko|mo|mi) (?:nagpuyo|puyo|gapuyo)',
  },
  {
    category: 'threat',
    weight: 0.4,
    kind: 'act',
    source: '(?:will|going to|youll|ill make (?:you|him|her)) regret|magsisisi (?:ka|kayo)|mahinulsol (?:ka|mo)',
  },
  {
    category: 'threat',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:{~banta,takot,hulga,hadlok}|threat\\w*) ~~ (?:{VIOLENT_IRREALIS}|kill|hurt|beat|stab|shoot|harm|attack|sasaktan|saktan|sakitan)',
  },
  {
    category: 'threat',
    weight: 0.85,
    kind: 'act',
    source: '(?:{~dala,bitbit}|dad an|dad on|bring\\w*|brought|carry\\w*|naay|may dala) (?:[a-z]+ ){0,3}?{WEAPON}',
  },
  {
    category: 'threat',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:sasaktan|saktan) (?:ko|namin|niya|nila) (?:si|ang|yung|siya|sila|kayo|ka)|(?:sakitan|samaran) (?:nako|namo|niya|nila|ta) ',
  },
  {
    category: 'harassment',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:{~kiss,hug,yakap,gakos,halik}|hugs?|hugging|hugged|kiss\\w*) ~~ (?:from behind|sa likod|pisngi|cheeks?|lips|labi|neck|leeg|without (?:my |our |her )?consent|kahit ayaw|bisan dili|bisag dili)',
  },
  {
    category: 'abuse',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:told|tells|telling|said|says|saying|screamed|screams|shouted|shouts|yelled|yells|calls?|called) ~~ {INSULT}',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    source:
      '(?:\\d+ (?:pesos|piso)|\\d+k|pesos \\d+|piso|pesos|money|cash|pera|kwarta|kuwarta|{~load,regalo,bayad}|gifts?|tig \\d+|tag \\d+) (?:[a-z0-9]+ ){0,2}?(?:para|aron|to|for) (?:[a-z]+ )?{GAIN}',
  },
  {
    category: 'integrity',
    weight: 0.8,
    kind: 'act',
    source:
      '(?:{~bili,palit}|buy|buys|bought|buying|purchas\\w*|order\\w*) ~~ (?:his|her|niya|ni sir|ni maam|ni prof|iyang|iyaha|kaniya|sa kanya) ~~~ {GAIN}',
  },
  {
    category: 'integrity',
    weight: 0.8,
    kind: 'act',
    source:
      '{GAIN} ~~ (?:{~bili,palit}|buy|buys|bought|buying|purchas\\w*|order\\w*) ~ (?:from )?(?:his|her|niya|ni sir|ni maam|ni prof|iyang|iyaha|kaniya|sa kanya)',
  },
  {
    category: 'self_harm',
    weight: 0.85,
    kind: 'strong',
    source:
      '(?:gusto ko|gusto kong|gusto ko na|gusto ko nang|gusto na nako|gusto nako|gusto na ko|want to|wanna|ready to) ~ (?:{~tapos}|end) (?:na )?(?:ang )?(?:lahat|everything|tanan|it all|all of this|ang tanan)',
  },
  {
    category: 'self_harm',
    weight: 0.8,
    kind: 'strong',
    source:
      '(?:want|gusto ko|wish) (?:everything|it all|all of this|lahat|ang tanan) (?:to )?(?:stop|end|matapos|mahuman)|(?:done with|tired of|sawa na sa|sawang sawa na sa|suko na sa|kapoy na sa|gikapoy na sa) (?:life|living|buhay|kinabuhi|this life)',
  },
  {
    category: 'self_harm',
    weight: 0.8,
    kind: 'strong',
    source:
      '(?:sana|unta|want to|wish i could|gusto ko) ~ (?:sleep|matulog|makatulog|katulog|matulog na lang) ~ (?:forever|habang buhay|habambuhay|hangtod sa hangtod|for good)',
  },
  {
    category: 'self_harm',
    weight: 0.8,
    kind: 'strong',
    source:
      '(?:baka|maybe|perhaps|basin|siguro) (?:[a-z]+ ){0,2}?(?:wala na (?:ako|ko)|wala nako|im gone|i will be gone|i wont be here|hindi na ako magigising)|(?:pills|tablets|lason|hilo|poison|rope|lubid) (?:are |is )?(?:ready|handa na|na handa|andam na|andam)',
  },
];

export const PATTERN_SOURCES: readonly PatternSource[] = [
  ...harassment,
  ...discrimination,
  ...abuse,
  ...integrity,
  ...selfHarm,
  ...threat,
  ...concepts,
];

/**
 * Phrases rewritten before matching because they use a trigger word innocently: "pay attention", "shoot him an
 * email", "killing it", "hit me up". Applied to the sentence text; the replacement is an innocent token.
 */
export const DEFUSED_PHRASES: ReadonlyArray<readonly [RegExp, string]> = [
  [
    /\b(?:pay|pays|paid|paying) (?:more |close |closer |full |good )?(?:attention|respect|tribute|a visit|it forward|off)\b/g,
    'attend',
  ],
  [
    /\b(?:shoot|shot|shoots) (?:him|her|them|you|sir|maam|us|me) (?:an? )?(?:email|message|text|question|line|note|dm)\b/g,
    'message',
  ],
  [
    /\b(?:killing|killed|kill|kills|nailed|slaying|slayed|slays) (?:it|them all|the lecture|the lesson|the class|the game)\b/g,
    'excel',
  ],
  [/\b(?:hit|hits) (?:me|us) up\b/g, 'contact'],
  // "pushing us to do better", "pushed me to keep going": encouragement.
  [/\b(?:push|pushes|pushed|pushing) (?:us|me|them|everyone|the class) to\b/g, 'encouraging to'],
  // "sent 3 emails about my INC": a count of messages, not an amount paid.
  [/\b(?:sent|send|sends|sending) (?:\d+|many|several) (?:emails?|messages?|texts?|follow ups?)\b/g, 'wrote'],
  [/\bhit (?:me|us) (?:hard|like a truck|differently)\b/g, 'affected'],
  [/\b(?:hold|holds|held) (?:the|our|my) (?:attention|interest)\b/g, 'engage'],
  [/\b(?:touched|touches|touching) (?:my|our|his|her) (?:heart|hearts|life|lives|soul)\b/g, 'moved'],
  [/\bbeat (?:the|our) (?:deadline|odds|record|traffic|other sections)\b/g, 'outdo'],
  [/\bdrunk (?:with|on) (?:power|knowledge|coffee)\b/g, 'full'],
  [/\b(?:drunk|drink|drinking) (?:driving|drivers?)\b/g, 'impaired driving'],
];

/** Words that deny what follows them in the same clause. */
export const NEGATORS = new Set([
  'not',
  'never',
  'no',
  'dont',
  'doesnt',
  'didnt',
  'isnt',
  'wasnt',
  'arent',
  'werent',
  'wont',
  'cant',
  'cannot',
  'nobody',
  'none',
  'nor',
  'neither',
  'without',
  'nothing',
  'hindi',
  'di',
  'hnd',
  'hndi',
  'indi',
  'wala',
  'walang',
  'kailanman',
  'dili',
  'walay',
  'ayaw',
  'dli',
  'wlang',
  'hinde',
  'nope',
]);

/** Tokens that end a clause for negation: the denial of one clause says nothing of the next. */
export const CLAUSE_BREAKS = new Set([
  ',',
  'but',
  'pero',
  'peru',
  'apan',
  'kaso',
  'however',
  'yet',
  'although',
  'though',
  'kaya',
  'so',
  'kasi',
  'tapos',
  'unya',
  'then',
  'and',
  'ug',
  'og',
]);

/** A lesson about the subject: the sentence speaks of teaching, learning, law or prevention. */
export const LESSON_CUES =
  /\b(?:discuss\w*|lessons?|lectures?|lectured|topics?|modules?|seminars?|webinars?|case stud\w*|awareness|prevention|preventing|prevent|taught us|teaches us|teach us|teaching us|learned|learn|learning|studied|study|studying|history of|republic act|ra \d+|law|laws|policy|policies|safe spaces act|reading|readings|article|articles|film|documentary|novel|story|chapter|essay|debat\w*|explained|fighting|fights|explains|gender and society|ethics|sociology|psychology|tinalakay|tinatalakay|pinag ?aralan|pinagaaralan|itinuro|tinuro|tinuturo|nagturo tungkol|aralin|leksyon|leksiyon|paksa|gidiscuss|gidiskas|gitudlo|gitudloan|gitunan|gituon|hisgutan|gihisgutan|leksyon|anti\w+|iwasan|likayan|labanan|avoid|fight|combat|stop|talakayan|diskusyon|talk on|talks on|orientation|warned|warns|warning|\w*likay\w*|gipasabot|\w*bawal|discussion|discussions|usapan|\w*usapan|\w*topic|units?|literature|poems?|tula|nobela|gobyerno|government|politics|officials|grounds for|expulsion|expelled|punishable|prohibited|against the rules)\b/;

/** Someone is quoted saying it: then a lesson does not excuse a claim. */
export const QUOTED_SPEAKER =
  /\b(?:he|she|sir|maam|mam|prof|professor|teacher|instructor) (?:said|says|told us|tells us|claims?|claimed|insists?|insisted|keeps saying|believes)\b|\b(?:sabi|sinabi|sinasabi|ingon|giingon) (?:niya|nya|ni sir|ni maam|ni mam|ni prof|siya|sya)\b/;

/** Laughter and joke markers: a death wish next to them and to schoolwork is a figure of speech. */
export const LAUGH_CUES =
  /\b(?:haha\w*|hehe\w*|hihi\w*|lol|lmao|lmfao|rofl|charot|char|chos|joke|jk|biro lang|xd|choss|charr|yawa ra)\b/;

/** Schoolwork that students say is killing them. */
export const SCHOOLWORK_CUES =
  /\b(?:exam|exams|finals|final|midterms?|prelims?|quiz|quizzes|thesis|requirements?|reqs|deadlines?|assignments?|homework|projects?|subject|subjects|math|calculus|physics|chemistry|accounting|reports?|recitation|recits?|plates|modules?|activities|lab|labs|coding|reviewer|workload|schoolwork|pagsusulit|sa dami|sa hirap|sa kapoy|sa kakapoy|sa stress|kapoy|pagod|puyat|grades?|grado|class|klase|subject|sem|semester|heat|init|mainit|kainit|traffic|gutom|hunger|stress)\b/;
