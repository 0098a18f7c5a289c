/**
 * The screen's resources: for each category, the phrases (English, Filipino, Cebuano, and their mixes) that
 * raise it, each with a weight, plus the cues that tell hyperbole, lessons and denials from the real thing.
 *
 * Patterns are written over the text of `screenSentences` as `rulesReading` leaves it (lowercase ASCII words, one
 * space apart, "," a token of its own, apostrophes and hyphens inside words dropped: "ma'am" → "maam", "mag-date" →
 * "magdate"; "po" dropped, "ipa ambush" → "ipaambush"), with:
 *   ` ~ `  a gap of up to 3 tokens, ` ~~ ` a gap of up to 6, ` ~~~ ` of up to 9 (gaps may cross a comma, never a
 *   sentence), ` ~/ ` a gap of up to 6 words that crosses no comma nor "and", "but", "pero", "tapos", "unya";
 *   `{NAME}` one of the word groups below, `{~root,root}` every form of the verbs, `{!root}` their irrealis forms.
 * A prefix written apart in a source is joined as in the text ("mag aral" → "magaral"); inside an alternation write
 * it joined or with ` ?` ("mag ?aral").
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
  /**
   * Words (a pattern source, groups allowed) of which every match holds at least one: the pattern is tried only on a
   * sentence where they occur anywhere, a cheap test that spares the long pattern on most sentences.
   */
  needs?: string;
}

export const WORD_GROUPS: Readonly<Record<string, string>> = {
  US: '(?:us|me|them|him|her|students?|the students|the class|everyone|girls|the girls|boys|classmates|my classmates|some students|a student|a classmate|my classmate|people|kids)',
  INSULT:
    '(?:stupid|idiots?|dumb|dumbass|morons?|useless|worthless|trash|garbage|animals?|pigs?|monkeys?|retards?|retarded|imbeciles?|losers?|brainless|bitch(?:es)?|whores?|sluts?|fools?|dogs?|donkeys?|bobo|boba|bubu|tanga|tatanga|gago|gaga|inutil|walang utak|walang kwenta|walang kwentang|walang silbi|hayop|baboy|unggoy|ulol|engot|mangmang|tarantado|hampaslupa|hangal|gunggong|ungas|waste of space|good for nothing|pathetic|pabigat|basura|kalabaw|buang|boang|bogo|bugo|giatay|yawa|amaw|way utok|walay utok|walay pulos|hangag|pisti|peste|bwisit|bobita|a disgrace|disgraces|hopeless)',
  BODY: '(?:thighs?|legs?|waist|butt|buttocks|behind|breasts?|chest|boobs|body|bodies|figure|hips?|lap|private parts?|bra|skirts?|shorts|lips|neck|hita|binti|bewang|baywang|beywang|puwit|pwet|dibdib|suso|katawan|palda|labi|leeg|hawak|dughan|lubot|lawas|paa|sabaw|liog|aping|ngabil|lower back|knees?|tuhod)',
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
    '(?:school|campus|building|classroom|room|university|office|faculty room|paaralan|eskwelahan|eskwela|faculty|skwelahan|cr|comfort room|banyo|gym|gymnasium|library|canteen|cafeteria|dorm|hall|auditorium)',
  MONEY:
    '(?:piso|pisos|peso|{~load,regalo}|food|snacks|merienda|pagkain|pagkaon|bags?|jewelry|alahas|\\d+|\\d+k|money|cash|pesos|bucks|gifts?|groceries|grocery|cakes?|lechon|bribe|envelope|load|pera|datung|regalo|sobre|kwarta|kuwarta|alak|beer|liquor|libo|isang libo|sanlibo|usa ka libo)',
  PASSING:
    '(?:pass|passed|passing|grade|grades|uno|1 0|1 25|1 5|1 50|1 75|points|score|scores|incomplete|inc|papasa|pumasa|pasado|pasa|ipapasa|grado|marka|puntos|mopasar|mupasar|pasar|ipasar|marks)',
  GOODS:
    '(?:books?|modules?|handouts?|tickets?|products?|merch|merchandise|shirts?|t shirts?|tshirts?|uniforms?|manuals?|workbooks?|raffle|raffle tickets|photocopies|reviewers?|items?|food|kakanin|lotion|cosmetics|insurance|membership|subscriptions?|libro|tiket|produkto|paninda|damit|sabon|baligya|pagkaon|ulam|longganisa|tocino|perfume|pabango)',

  /** A grade won: passing, a higher grade, an exam skipped. */
  GAIN: '(?:an a|an a plus|a 1 0|flat uno|pass|passed|passing|a pass|uno|1 0|higher grades?|high grades?|good grades?|better grades?|plus points|extra points|bonus points|additional points|skip (?:the )?(?:final exam|finals?|exams?|midterms?)|exempt\\w*|exemption|{~pasa,pasar}|pasado|tataas|tumaas|mataas na (?:grade|grado|marka)|mosaka|musaka|misaka|motaas|mutaas|taas nga grado|taas (?:ang|og|ug) grado|dagdag (?:na )?(?:puntos|points|grade)|(?:plus|bonus|additional|extra|dagdag) \\d+|bonus (?:daw |raw |kuno )?sa (?:grade|grado)|dagdag sa (?:grade|grado)|(?:extra|bonus|plus) credits?|pasadong (?:grade|grado|marka)|a 1 (?:25|5|50)|1 (?:25|5|50)|(?:overlook|excuse|erase|remove|forgive) (?:my|our|her|his) (?:absences|lates|tardiness)|ma ?excuse (?:ang |yung |ung )?(?:absent|absences|late)|(?:matanggal|mawala|mapapas) (?:ang |yung )?(?:absent|absences))',
  /** Personal company asked for: a date, going out, his place, pictures. */
  CONTACT:
    '(?:go out with (?:him|her|me)|going out with (?:him|her)|went out with (?:him|her)|date (?:him|her|me|kayo|kami|tayo)|on a date|dating (?:him|her)|magdate|makipagdate|makigdate|nakipagdate|sleep with (?:him|her)|spend the night|kiss (?:him|her)|hug (?:him|her)|(?:sasama|sumama|sama|samahan|sumasama) (?:ako |ka |kami )?(?:sa kanya|sa kaniya|sa knya|siya)|(?:mokuyog|mukuyog|makuyog|kuyog|mouban|muuban|mag uban|maguban) (?:ko |ka |mi )?(?:niya|nimo|nako|kaniya|kaniya)|send (?:him|her) (?:pics|pictures|photos|selfies|nudes)|sent (?:him|her) (?:pics|pictures|photos|selfies|nudes)|pictures of (?:myself|yourself|me|you)|photos of (?:myself|yourself|me|you)|nudes|spends? (?:a |the )?(?:weekend|night|day|vacation) (?:at|in|with)|(?:a |the )?(?:night out|road trip|vacation|staycation|overnight|beach trip|out of town trip) with (?:him|her|sir|maam|me)|meet (?:him|her|me) (?:[a-z]+ ){0,3}?(?:at|in) (?:the |a )?(?:mall|hotel|motel|condo|restaurant|bar|resort|cinema|movies|beach|coffee shop|his place|his house|night)|{PRIVATE_PLACE})',
  /** A meal or a drink with him, or the two of them alone. */
  MEAL_WITH:
    '(?:(?:go|going|goes|eat|have|grab|join) (?:out )?(?:for |to )?(?:dinner|lunch|coffee|drinks|a drink|a movie|the movies|merienda) with (?:him|her|sir|maam)|(?:mag ?dinner|magkape|mag ?coffee|kumain|mokaon|mukaon|magkaon|mag ?lunch|magdate) (?:kami |mi |ta |tayo )?(?:kasama niya|uban niya|with him|with her|kauban niya))',
  /** A place of his own, or a room for the night. */
  PRIVATE_PLACE:
    '(?:motel|hotel|condo|(?:his|her) (?:beach house|rest house|resthouse|vacation house|farm|house|place|apartment|condo|room|car|unit|pad|bedroom)|(?:bahay|kwarto|kuwarto|condo|apartment|kotse|sasakyan|car|unit|boarding house|boarding) (?:niya|ni sir|ni maam|nila)|(?:iyang|sa iyang) (?:balay|kwarto|condo|sakyanan|car|apartment|boarding)|(?:balay|kwarto|sakyanan) ni (?:sir|maam))',
  /** Asked or made to come somewhere. */
  INVITE:
    '(?:invit\\w*|ask\\w* (?:me|us|her|him|my friend|my classmate|a classmate|girls|the girls|students|some students) to (?:come|go|visit|meet|stay)|(?:told|tells|wants?|wanted) (?:me|us|her|my friend|girls) to (?:come|go|visit|meet|stay)|{~yaya,aya,imbita,imbitar,dapit,agda}|pinapunta|pinapapunta|pinapupunta|papuntahin|pinapaakyat|pinasama|pinapasama|gipaadto|ginapaadto|paadtoon|gipauban|ginapauban|gipakuyog|ginapakuyog)',
  /** A derogatory claim about a group. */
  DEROG:
    '(?:violent|marahas|bayolente|mapintas|(?:cant|cannot|can not|not to) be trusted|untrustworthy|(?:di|hindi|dili) (?:ma|mapag|ka)?(?:pagkakatiwalaan|katiwalaan|kasaligan|masaligan|salig)|(?:sakit|salot|peste) sa (?:lipunan|katilingban|society)|terrorists?|terorista|smell\\w*|stink\\w*|dirty|filthy|madumi|marumi|hugaw|baho|mabaho|animals?|hayop|unggoy|monkeys?|savages?|uncivilized|barbaric|ignorant|ignorante|mangmang|stupid|bobo|tanga|dumb|idiots?|kawatan|thieves|thief|magnanakaw|criminals?|kriminal|kuripot|manloloko|scammers?|cheaters?|lazy|tamad|tapulan|salot|diseased?|sick|abnormal|retarded|retards?|freaks?|inutil|useless|walang silbi|walang kwenta|walay pulos|pabigat|burden|makasalanan|kasalanan|a sin|sinners?|sinful|impyerno|hell|demonyo|devils?|makauulaw|kaulawan|kahihiyan|disgrace\\w*|shameful|disgusting|kadiri|nakakadiri|go back to|bumalik (?:na )?sa|mobalik (?:na )?sa|inferior|backward|primitive|not human|dili tawo|hindi tao|uncivilised|walang modo|walay batasan|walang respeto|walay respeto|walang galang|disrespectful|corrupt|kurakot|kurap|mangungurakot|bogo|bugo|way utok|walay utok|walang utak|bad influences?|masamang impluwensya|slow learners?|pang ?katulong|katulong lang|maids? lang|kargador lang|(?:dili|hindi|di) (?:kahibalo|marunong|makahibalo|maalam) (?:mo|mag|mu)? ?isip|cant think|walang alam|walay alam|wont fit in|dont belong|do not belong|sakit (?:daw|kuno|raw) (?:na|yan|yun|kana|ni)|may sakit sa (?:utak|utok|ulo)|mentally ill|a disorder)',
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
  /** A grade someone got (for goods given "after"). */
  GOT_GRADE:
    '(?:got|gets|get|given|received|nakakuha|nakuha|naka|nakaangkon|nabigyan|gihatagan|nahatagan|binigyan|makakuha|maka) (?:a |an |ng |og |ug |siya ng |sya ng |siya ug )?(?:1 0|1 00|1 25|1 5|1 50|1 75|uno|flat uno|an a|a plus|high grades?|higher grades?|good grades?|passing grades?|pasado)',
  /** Money and the goods students give a teacher: a sack of rice, a chicken, a bottle, a lechon. */
  GIFT: '(?:{MONEY}|gasa|lunch|dinner|breakfast|milk tea|milktea|coffee|bugas|bigas|rice|sacks? of rice|manok|chickens?|isda|fish|wine|bottles? of [a-z]+|whisky|whiskey|brandy|prutas|fruits?|(?:box|boxes|sack|sacks|basket|baskets|case|cases|bottle|bottles|kilo|kilos|tray|trays|bilao) of [a-z]+|chocolates?|pasalubong|groceries|kakanin)',
  /** Giving, bringing, sending to someone (every inflection). */
  GIVE: '(?:{~bigay,hatag,padala,regalo,dala}|may dala|nagdala|nagdadala|nidala|dinalhan|dinadalhan|gidadan|ginadadan|gives?|gave|giving|given|sends?|sent|sending|brings?|brought|bringing|handed|treats?|treated|bought|buys|buying|donat\\w*|pays?|paid|paying|gcash\\w*)',
  /** The teacher as the one who receives. */
  TO_TEACHER:
    '(?:him|her|sir|maam|the teacher|the prof|our prof|our teacher|si sir|si maam|kay sir|kay maam|kang sir|kang maam|sa kanya|sa kaniya|sa iya|kaniya|kanya)',
  /** The teacher named as the one who receives (not "her": a friend may be given a gift). */
  TEACHER_NAMED:
    '(?:sir|maam|the teacher|the prof|our prof|our teacher|si sir|si maam|kay sir|kay maam|kang sir|kang maam|ni sir|ni maam|prof [a-z]+|sir [a-z]+|maam [a-z]+)',
  /** Treating or topping up the teacher: a gift in the verb itself. */
  TREAT:
    '(?:nilibre|nililibre|ilibre|ililibre|nanlibre|naglibre|gilibre|ginalibre|magpalibre|nagpapalibre|pinaloadan|pinapaloadan|niloadan|giloadan|ginaloadan|loadan|treats? (?:him|her|sir|maam)|treated (?:him|her|sir|maam))',
  /** A fee, fund or share collected from students. */
  LEVY: '(?:fees?|funds?|ambag|ambagan|contributions?|amot|bayad|singil|payment|\\d+ pesos|pesos \\d+|\\d+ each|\\d+ kada|tig \\d+|tag \\d+|{~ambag,amot,singil,kolekta}|mag ?bayad|magbabayad|nagbayad|mobayad|mubayad|collect\\w*|pay|pays|paid|paying|chip in)',
  /** What a student who does not pay is told he loses. */
  UNPAID_PRICE:
    '(?:inc|incomplete|no grade|no grades|walang grade|walay grado|wala kay grado|bagsak|babagsak|ibagsak|ibabagsak|fail|failed|failing|zero|absent|minus|bawas|deduct\\w*|dili ka mopasar|dili mopasar|hindi papasa|di papasa|hindi ka papasa|wont pass|will not pass|dili irecord|hindi irerecord|di irecord|not recorded|wont be recorded)',
  /** The teacher's own things that students are made to pay for. */
  TEACHERS_THING:
    '(?:laptop|phone|cellphone|iphone|car|kotse|tuition|house|bahay|balay|vacation|bakasyon|travel|masters|phd|doctorate|dissertation|research|personal expenses)',
  /** How often: a habit, not one party. */
  HABIT:
    '(?:always|often|usually|sometimes|frequently|regularly|permi|pirmi|kanunay|lagi|laging|palagi|palaging|madalas|minsan|usahay|kasagaran|tuwing (?:hapon|umaga|klase)|kada (?:klase|hapon))',
  /** The teacher and a verb of being or arriving. */
  TEACHER_SUBJECT:
    '(?:sir|maam|prof|the teacher|the prof|our teacher|our prof|our instructor|he|she|siya|sya) (?:is|was|ay|kay|seems|seemed|looked|looks|comes|came|arrives|arrived|pumapasok|pumasok|nagklase|mosulod|nisulod|misulod|niabot|moabot|naa)',
  DRUNK: '(?:drunk|intoxicated|tipsy|lasing|nakainom|lango|hubog|nahubog|nalasing|lasing na lasing)',
  /** A feeling said to make women unfit (weak alone: "the girls got emotional at the farewell"). */
  EMOTIONAL_CLAIM:
    '(?:too|so|masyado(?:ng)?|sobrang|kaayo|daw|raw|kuno|kasi|kaya|by nature|naturally) (?:[a-z]+ )?(?:emotional|emosyonal|iyakin|hysterical|maarte|huyang|mahina|weak|weaker|hina)',
  /** What women are told they are only for, or may not be. */
  SEX_ROLE:
    '(?:(?:cant|cannot|can not|hindi (?:daw |raw )?(?:kami |kayo |sila |ka |tayo |sya |siya )?(?:pwede|puwede|dapat|kaya)(?:ng)?|di (?:daw |raw )?(?:kami |kayo |sila |ka |tayo )?(?:pwede|dapat|kaya)(?:ng)?|dili (?:daw |kuno )?(?:mi |mo |sila |ka |ta )?(?:pwede|angay|dapat|kaya)(?:ng)?|not (?:fit|meant|allowed)|should not|shouldnt|never) (?:to )?(?:[a-z]+ )?(?:be |maging |mahimong |mag ?|mo ?)?(?:leaders?|lider|lead|mamuno|manguna|mangulo|presidents?|presidente|engineers?|inhinyero|captains?|officers?)|have no business|walang karapatan|no place in|(?:go|stay) home (?:and|to) (?:cook|clean|take care|have babies|make babies)|stay in the kitchen|(?:should|must|dapat|angay) (?:just |lang |na lang )?(?:marry|get married|mag ?asawa|magminyo|cook|magluto|moluto|manganak|take care of (?:the )?(?:kids|children|babies))|magluto (?:na )?lang|mag ?asawa (?:na )?lang|magminyo (?:na )?lang|manganak (?:na )?lang|para (?:ra |lang )?(?:daw |kuno |raw )?sa (?:kusina|kama)|sa kusina (?:ra|lang)|pang ?kusina|only good for (?:the )?(?:kitchen|bed|cooking|babies)|belong in the (?:kitchen|home|bed)|(?:dapat|para|pang|belong|belongs) ?(?:lang |lamang |ra )?(?:sa|at|in the)? ?(?:bahay|balay|home|kusina|kitchen) (?:lang|lamang|ra|nalang|na lang|only)(?! (?:mag\\w*|muna|tayo|kami|kayo|kung|pag|during|when|if|kapag|kon)))',
  GROUP_RELIGION:
    '(?:muslims?|islam|christians?|catholics?|born agains?|iglesia|inc members?|adventists?|sabadista|mormons?|jehovahs witness(?:es)?|saksi ni jehova|dating daan|protestants?|evangelicals?|baptists?)',
  /** A pose held as punishment, made to take it. */
  PUNISH_POSE:
    '(?:pinasquat|pinapasquat|gipasquat|ginapasquat|pinagsquat|pinaluhod|pinapaluhod|gipaluhod|ginapaluhod|pinatayo|pinapatayo|pinatatayo|ipinatayo|gipatindog|ginapatindog|gipabarog|ginapabarog|pinabilad|pinapabilad|gibilad|gipabilad|ginapabilad|made (?:us|me|them|him|her) (?:stand|kneel|squat)|makes (?:us|me|them|him|her) (?:stand|kneel|squat)|stand (?:outside|at the back|in the corner|facing the wall)|tumayo sa labas|mobarog sa gawas)',
  /** What makes a pose a punishment: lateness, a mistake, hours, the sun with fainting. */
  PUNISH_CONTEXT:
    '(?:as (?:a )?punishment|{~parusa,silot}|penalty|(?:pag|kapag|kung|kon|when|if) (?:ka |we |kami |mi |you |i |ako |ko |someone |somebody )?(?:is |are |was )?(?:late|nalate|ma late|malate)|for being late|late (?:ka|kami|mi|kayo|students|ones|comers)|latecomers|nahimatay|nakuyapan|nalipong|fainted|faint|collapsed|(?:\\d+|isang|usa|one|two|three|dalawang|duha|tatlong|tulo) (?:ka )?(?:oras|hours?)|buong (?:period|klase|araw|hapon|oras|lecture|meeting|umaga)|whole (?:period|class|lecture|meeting|day|afternoon|morning|hour)|tibuok (?:klase|period|adlaw|hapon|oras|buntag)|until (?:the end|dismissal|class ends)|hanggang (?:matapos|dismissal|uwian)|hangtod (?:mahuman|matapos)|(?:dahil|kasi|because|kay) (?:[a-z]+ ){0,2}?(?:late|nagkamali|mali|wrong|noisy|maingay|saba|di nakasagot|hindi nakasagot|wala kasabot))',
  /** Blowing up a place. */
  EXPLODE:
    '(?:pasasabugin|pasabugin|papasabugin|pasabogon|pabuthon|buthan|ipabuto|pabobombahin|bobombahin|bombahin|ibobomba|blow up|blowing up|bomb(?! (?:threat )?drills?))',
  /** Words that may stand between a verb and its object ("binenta daw ni sir ang exam"), never a noun. */
  FN_GAP:
    '(?:(?:daw|raw|kuno|na|ang|yung|ung|the|our|their|his|her|ni|si|sir|maam|niya|nya|sa|ng|og|ug|iyang|kanyang|mga|kay|pud|napud|gyud|jud|talaga|already|all|entire|whole|final|midterm|actual|real|some|of|to|out|off|away|mismo) ){0,4}',
  /** Firearms and explosives (knives are tools in a cookery class). */
  WEAPON_FIRE:
    '(?:gun|guns|pistol|firearm|rifle|baril|pusil|bomb|bomba|granada|grenade|explosives?|sumpak|armas|kalibre)',
  /**
   * After "hit us", "beat us": a reply, a game or schoolwork ("hit me back", "beat us in the quiz bee", "hit us with a
   * pop quiz").
   */
  NOT_A_BLOW:
    '(?! back(?![a-z])| (?:in|at) (?:the |a |our |this |every )?(?:quiz bee|spelling bee|games?|match|race|contest|competition|chess|debate|tournament|intrams|scores?|ranking)(?![a-z])| with (?:a |an |the )?(?:surprise |pop |long |hard )?(?:quiz|quizzes|exams?|tests?|questions?|assignments?|homework|readings?|facts|lectures?|projects?|deadlines?|requirements?|answers?|answer keys?|news|updates?|emails?))',
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
      '(?:asks?|asked|asking|requests?|requested|wants?|wanted) (?:for )?(?:my |our |her |girls )?(?:sexy |private |nude )?(?:photos?|pictures?|pics|selfies|nudes)(?! (?:for|of) (?:the |our |my |his |her )?(?:id|ids|records?|documentation|portfolio|outputs?|projects?|activity|activities|yearbook|clearance|requirements?|2x2|class picture|school|directory|class directory|profile|bulletin)) ',
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
    source:
      '(?:look|looks|looked|looking)(?: so| very| super)? (?:hot|sexy|seductive)|(?<!(?<![a-z])(?:room|rooms|lab|labs|laboratory|classroom|weather|day|sun|outside|inside|gym|field|building|place|kitchen|canteen|hallway|jeep|bus|it|its|aircon|temperature|summer|afternoon|noon|init|mainit|kainit)(?: [a-z]+){0,2} )(?:so|very|kinda|super) (?:hot(?! (?:in|inside|at|during|sa|outside|here|today|lately|now|ngayon|karon|kaayo|kayo|diri|dito|na) )|sexy|seductive)',
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
      '(?:pinagtatawanan|pinagtawanan|tinutukso|tinukso|kinukutya|kinutya|nilalait|nilait|minamaliit|minaliit|iniinsulto|ininsulto|binubully|binully|tinatawag|minamata|pinag iinitan|pinagiinitan|pinag initan|pinaginitan|pinapahiya|pinahiya) ~~ (?:ang |yung |ang mga |mga )?(?:bakla|bading|beki|tomboy|tibo|muslim|katutubo|lumad|igorot|aeta|bisaya|ilokano|intsik|tsekwa|negra|negro|baluga|maitim|pwd|pilay|bingi|bulag|lgbt|trans|probinsyano)',
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
      '(?<!(?<![a-z])(?:to|will|should|ill|hell|shell|theyll|youll|id|hed|shed|theyd|gonna|wanna|would|could|lets|must|might)(?: really| just| gonna)? )(?:slap\\w*|hit|hits|hitting|punch\\w*|kick\\w*|pinch\\w*|spank\\w*|smack\\w*|chok\\w*|strangl\\w*|shov\\w*|push\\w*|whips?|whipped|beats?|beat up|beaten|smacked|knocks?|knocked|paddl\\w*|spanked) (?:us|me|students?|the students|him|her|them|a classmate|my classmate|classmates|boys|girls|a boy|a girl|some students|a student|kids) ',
  },
  {
    category: 'abuse',
    weight: 0.9,
    kind: 'act',
    source:
      '(?<!(?<![a-z])(?:to|will|should|ill|hell|shell|theyll|youll|id|hed|shed|theyd|gonna|wanna|would|could|lets|must|might)(?: really| just| gonna)? )(?:hit|hits|hitting|struck|strikes|slapped|whacked|whacks) (?:us|me|students?|him|her|them|a classmate|my classmate|classmates)? ?(?:with|using) (?:a |the |his |her )?(?:ruler|stick|book|books|chalk|eraser|pen|folder|meter stick|belt|hand|fist|rod|pointer|umbrella)',
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
      '(?:sinampal|sinasampal|sinampal niya|sinasapak|sinapak|sinuntok|sinusuntok|pinalo|pinapalo|pinagpapalo|hinampas|hinahampas|kinurot|kinukurot|sinabunutan|sinasabunutan|piningot|pinipingot|tinadyakan|tinatadyakan|sinipa|sinisipa|binatukan|binabatukan|kinutusan|kinukutusan|tinulak|tinutulak|(?:pinaluhod|pinapaluhod)(?! (?:[a-z]+ ){0,2}?(?:chapel|simbahan|church|altar|kapilya|magdasal|manalangin|pray|prayer|dasal))|pinatayo sa araw|pinabilad|pinapabilad|sinakal|sinasakal|hinila ang buhok|hinihila ang buhok|hinila ang tenga|hinihila ang tenga)',
  },
  {
    category: 'abuse',
    weight: 0.9,
    kind: 'act',
    source:
      '(?:binato|binabato|binabatuhan|binatuhan|hinagisan|hinahagisan|binalibag|ibinabato|ibinato|binabalibag) ~~ (?:ng |kami ng |ako ng |siya ng |niya ng |kami |ako )?(?:chalk|eraser|marker|libro|upuan|papel|ballpen|bagay|notebook|sapatos|bote|susi|module)',
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
      '(?:gipakaulawan|ginapakaulawan|gapakaulaw|gipaulawan|ginapaulawan|ginabiaybiay|gibiaybiay|gibugalbugalan|ginabugalbugalan|ginainsulto|giinsulto|gainsulto|nagainsulto|gainsultuhan|ginamura|gimura|gapamura|nagpamura|ginapamura|ginabully|gibully|giyawayawa|ginayawayawa|ginaatay|giatayatay|gipanghimaraut)',
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
      '(?:pay|pays|paid|paying|(?<!(?<![a-z])(?:sir|maam|he|she|prof|teacher|instructor|siya|sya) )(?:give|gives|gave|giving|send|sends|sent|bring|brings|brought)|gcash\\w*|hand over|shell out|ask\\w* for|asks?|asked|collect\\w*|charges?|charged|demands?|demanded|magbayad|magbabayad|nagbayad|nagbabayad|bayaran|babayaran|magbigay|nagbigay|nagbibigay|bigyan|magabot|mag abot|nag abot|iabot|magpadala|nagpadala|singil|sumisingil|naniningil|naniningil ng|humihingi|humingi|mobayad|mubayad|magbayad|nagbayad|bayran|mohatag|muhatag|maghatag|nihatag|ihatag|mupadala|ginapangayo|gipangayo|nangayo|nanghingi|naniningil) ~~ {MONEY} ~~ {PASSING}',
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
      '(?:sell\\w*|sold|leak\\w*|giving out|gives out|gave out|binebenta|ibinebenta|nagbebenta|binenta|ibinenta|pinagbibili|ipinagbibili|nilalabas|nilabas|ginabaligya|gibaligya|nagbaligya|nagabaligya|gabaligya|ibaligya|mobaligya|baligya) ~/ (?:exams?|test questions|test papers|tests|questionnaires?|answer keys?|answers?|answer sheets|quiz questions|grades?|final exam|midterm exam|sagot|tanong|grado|tubag|pangutana|exam questions)',
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
    kind: 'topic',
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
      'no (?:book|books|module|modules|ticket|tickets|handout|handouts|payment|shirt|tshirt|raffle|contribution|ambag|fund|fee)s? ,? no (?:grade|grades|pass|exam|clearance|final|finals|passing)',
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
      '(?:bumili|bilhin|bilhan|mopalit|mupalit|paliton|palitan|mamalit|bayaran|magbayad|mobayad|mubayad) ~~~ (?:kung hindi|kapag hindi|pag hindi|kung di|pag di|or else|kundi|kung dili|kon dili|kung wala|kapag wala|kay kung dili|if dili) ~~ (?:bagsak|babagsak|ibabagsak|bumagsak|walang grade|inc|minus|bawas|zero|hindi papasa|di papasa|hindi pasado|ibagsak|walay grado|dili mopasar|dili ka mopasar|dili mi mopasar|bagsak mi|hindi makakakuha ng exam|dili makaexam)',
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
      '(?<!(?<![a-z])(?:lab|labs|room|classroom|hallway|place|area|it|everything|hands|kamay|clinic|table|tables|chair) )(?:smells?|smelled|smelling|reeks?|reeked|reeking|stinks?|stank) (?:of|like) (?:alcohol|liquor|beer|booze|gin|rum|whisky|whiskey|brandy|tuba|alak)',
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
    kind: 'strong',
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
      '(?:aabangan|abangan|inaabangan|aabangan ko|aabangan namin) (?:ko |namin |talaga |ko talaga )?(?:siya|sya|si sir|si maam|si prof|kayo|ka|sila|yan|yun|yung prof|yung teacher|yang teacher) ~ (?:sa labas|sa gate|paglabas|mamaya|sa parking|pag uwi|sa daan|sa kanto)(?!(?: [a-z]+){0,5} (?:para|aron|to ask|to talk|to submit|to get|to have|kay mangutana|kay magpapirma|magpapirma|magpapermahan|pirma|signature|clearance|consultation|consult))',
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
      '(?:abangan|atngan|huwaton|abangan nako|atngan nako) (?:nako |namo |gyud nako )?(?:siya|sya|si sir|si maam|ka|sila|kamo) ~ (?:sa gawas|sa gate|sa dalan|paggawas|unya|sa parking|pag uli)(?!(?: [a-z]+){0,5} (?:para|aron|to ask|to talk|to submit|to get|to have|kay mangutana|kay magpapirma|magpapirma|magpapermahan|pirma|signature|clearance|consultation|consult))',
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
      '(?:{~message,text,chat,tawag,call}|messages?|texts?|dms?|dmed|pmed|calls?) ~~ (?:[1-4] ?am|at midnight|midnight|late at night|hatinggabi|hating gabi|madaling araw|tungang gabii|kaadlawon)',
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
      '(?:{SEX_GROUP}|{GENDER_GROUP}s?) (?:daw |raw |kuno |kay |are |ay )?(?:should not|shouldnt|should only|cant|cannot|are not allowed|not allowed|dont belong|do not belong|have no place|are too(?! (?:busy|tired|many|few|shy|quiet|noisy|good|smart|late|early|kind|nice|talented))|too emotional|are weak|are emotional|hindi (?:daw |raw )?dapat|di (?:daw |raw )?dapat|hindi (?:daw |raw )?pwede|di pwede|dili (?:daw |kuno )?angay|dili dapat|dili pwede|bawal|mahina|mahihina|huyang|pang bahay|sa kusina)',
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
      '(?:mocks?|mocked|mocking|makes? fun of|made fun of|making fun of|laughs? at|laughed at|laughing at|imitat\\w*|ridicul\\w*|jokes? about|joked about|joking about|belittl\\w*|pinagtatawanan|pinagtawanan|tinatawanan|tinawanan|gikatawan|ginakatawan|gikatawanan|ginakatawanan|gikatawaan|ginagaya|ginaya|gigaya|ginagaya|minamaliit|minaliit|gimaliit|ginawang (?:biro|joke|katatawanan)|ginagawang (?:biro|joke|katatawanan)|gihimong (?:joke|komedya|kataw anan)|parinig\\w*|pinaparinggan|pinariringgan|pinaringgan|pinapasaringan|gipasaringan|ginapasaringan|pasaring\\w*|{~tukso,kutya,lait,insulto,bully,bugalbugal,biaybiay,sundog,yagayaga,tamay}) ~~~ (?:{TRAIT}|{GROUP_STRONG}|stutter\\w*|stammer\\w*|limp\\w*|lisp\\w*|{~lakad,pinulongan})',
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
      '(?:want to|wish i could|wish to|would rather|id rather|just want to|gusto ko|gusto kong|gusto ko na|gusto ko nang|gusto ko nalang|gusto ko na lang|gusto na lang ko|gusto nalang ko|gusto na ko|gusto nako|gusto na nako|ganahan ko|ganahan na ko|sana|unta) ~ (?:(?:mag|ma)?disappear(?! (?:from|in|sa) (?:the |this |our |my )?(?:group chat|gc|class|room|classroom|subject|course|school|zoom|meeting|chat|klase))|vanish|cease to exist|stop existing|be gone forever|(?:mawala|maglaho|mahanaw|mawagtang)(?! (?:ang|yung|ning|ng|mga|na ang|na yung|lahat|ito|to|kini|ni)))',
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
    source:
      '(?:will|going to|youll|hell|shell|theyll|ill make (?:you|him|her)) regret|magsisisi (?:ka|kayo)|mahinulsol (?:ka|mo)',
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
      '(?:{~kiss,hug,yakap,gakos,halik}|hugs?|hugging|hugged|kiss\\w*) ~~ (?:from behind|sa likod|pisngi|cheeks?|lips|labi|neck|leeg|liog|aping|ngabil|without (?:my |our |her )?consent|kahit ayaw|bisan dili|bisag dili)',
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

/**
 * Families written for rules-1.2 from how students report these things in comments written by others (the third
 * fresh set's misses were read for the kinds of report, not copied): each family names the act in every way a
 * student would put it in the four languages, with what separates it from the innocent use of its words.
 */
const families: PatternSource[] = [
  // Integrity: goods or food for a grade, told as "after" or "whoever gives".
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    needs: '{GIVE}',
    source:
      '(?:{GOT_GRADE}|{GAIN}) ~~ (?:after|because|since|when|kay|kasi|dahil|pagkatapos|matapos|human|paghuman|pag) ~~ {GIVE} ~ (?:{TO_TEACHER} ~~ {GIFT}|{GIFT} ~~ {TO_TEACHER})',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    needs: '{~load,regalo}|{TREAT}|{GIVE}',
    source:
      '(?:kapag|pag|kung|kon|basta|if|whoever|anyone who|those who|whose|sino ang|kinsa ang|ang mga|ang|kadtong|kadtong mga|tong|yung mga|yung|sila nga) (?:[a-z]+ )?(?:{~load,regalo}|{TREAT}|{GIVE} ~~ {GIFT}) ~~~ {GAIN}',
  },
  // A levy: a fee or "fund" collected, with a grade or an absence as its price.
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    needs: '{UNPAID_PRICE}',
    source:
      '{LEVY} ~~~ (?:otherwise|or else|or|else|if not|if (?:you|we) (?:dont|do not|cant|cannot)|kung (?:hindi|dili|di) (?:ka|kami|mi|kayo)|kung hindi|kapag hindi|pag hindi|kung di|kapag di|pag di|pag wala|kung wala|kapag wala|kung dili|kon dili|kay kung dili|if dili|those who dont|those who did not|whoever doesnt|ang dili|ang wala) ~~ {UNPAID_PRICE}',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    needs: 'record|isulat|count|apil|bilang|encode',
    source:
      '(?:{LEVY}|each|kada isa|kada usa|tig \\d+|tag \\d+) ~~ (?:para|aron|to|so that|so) (?:[a-z]+ )?(?:marecord|mairecord|irecord|recorded|ma record|maisulat|counted|ma count|macount|maapil|maibilang|mabilang|ma encode|maencode) ~~ (?:scores?|grades?|grado|marka|attendance|quiz|exam|output)',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    needs: '{TEACHERS_THING}',
    source:
      '(?:{LEVY}|{~ambag,amot}|contribut\\w*|chip in|give|gives|gave|{~bigay,hatag}) ~~ (?:para sa|for|pang|sa) (?:[a-z]+ ){0,2}?{TEACHERS_THING} (?:fund )?(?:niya|ni sir|ni maam|ni prof|sa iya|ni [a-z]+)|(?:{LEVY}|{~ambag,amot}|contribut\\w*|chip in|give|gives|gave|{~bigay,hatag}) ~~ (?:para sa|for|pang|sa) (?:his|her|sirs|maams|the teachers|iyang|kanyang|niyang) (?:new |bagong |bag o nga )?{TEACHERS_THING}|(?:{TEACHERS_THING}) fund (?:niya|ni sir|ni maam|ni prof)|(?:his|her|sirs|maams|the teachers|the profs) (?:new )?{TEACHERS_THING} fund',
  },
  {
    category: 'integrity',
    weight: 0.8,
    kind: 'act',
    needs: 'diretso|derecho|direkta|direct|straight|deretso',
    source:
      '(?:\\d+ pesos|pesos \\d+|\\d+k|\\d{3,}|bayad|payment|fee|cash) ~~ (?:diretso|derecho|direkta|direct|straight|deretso) (?:sa |to |into )?(?:kanya|kaniya|iya|him|her|his pocket|her pocket|bulsa|pocket)',
  },
  {
    category: 'integrity',
    weight: 0.45,
    kind: 'act',
    needs: 'resibo|receipt|or',
    source:
      '(?:\\d+ pesos|pesos \\d+|\\d+k|\\d{3,}|bayad|payment|fee|fees|cash|{~singil,kolekta}|collect\\w*) ~~~ (?:walang|walay|wala|no|without|never) (?:any |official |ginahatag nga |binibigay na )?(?:resibo|receipts?|or)',
  },
  {
    category: 'integrity',
    weight: 0.8,
    kind: 'act',
    needs: 'pesos|piso|\\dk',
    source:
      '{PASSING} (?:is|ay|costs?|kay|nagkantidad|presyo|price|for|=) (?:only |lang |ra |na |daw |raw |kuno )?(?:\\d+ (?:pesos|piso)|pesos \\d+|\\d+k)',
  },
  // Exams leaked or sold, told in either order and any inflection.
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'claim',
    needs: '{~leak,benta,baligya}|sell|sold|leak',
    source:
      '(?:{~leak,benta,baligya}|sells?|selling|sold|leak(?:s|ed|ing)?) {FN_GAP}(?:exams?|test questions|questions|questionnaires?|answer keys?|answers|test papers?|quiz|quizzes|finals|midterms?|sagot|tanong|tubag|pangutana)',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'claim',
    needs: '{~leak,benta,baligya}|sell|sold|leak',
    source:
      '(?:exams?|exam questions|test questions|questionnaires?|answer keys?|answers|test papers?|quiz questions|finals|midterms?|sagot|tubag|pangutana) {FN_GAP}(?:were |was |are |is |got |gets |have been |had been |been )?(?:being )?(?:{~leak,benta,baligya}|sells?|selling|sold|leaked)',
  },
  {
    category: 'integrity',
    weight: 0.8,
    kind: 'act',
    needs: 'beforehand|advance|ahead|before the|daan|una pa|favo|pets|paborito|org|frat|soror|advisee|block|group',
    source:
      '(?:{~bigay,hatag,pakita,share}|gives?|gave|given|shares?|shared|shows?|showed|sends?|sent) ~ (?:the |ang |yung |sa )?(?:exam questions|test questions|answer keys?|answers|actual questions|(?:exam|test|quiz|finals|midterm) questions|sagot|tubag) ~~ (?:beforehand|in advance|ahead|before the (?:exam|test|quiz)|daan|una pa|advance|favou?rites|pets|paborito|org|orgmates|fraternity|frat|sorority|advisees|block ?mates? niya|group niya)',
  },
  // A teacher drunk in class: drunk and always, drunk and the class, the smell of drink.
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    needs: '{DRUNK}',
    source:
      '(?:{HABIT}|{TEACHER_SUBJECT}) (?:[a-z]+ ){0,2}?{DRUNK}|{DRUNK} (?:na )?(?:na )?(?:si sir|si maam|si prof|si mam|ang teacher|ang prof|our prof|our teacher|our instructor)',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    needs: '{DRUNK}',
    source:
      '(?:klase|class|lecture|nagtudlo|nagtuturo|teaching|period|oras sa klase) ~~ {DRUNK} (?:na )?(?:si sir|si maam|si prof|siya|sya|sir|maam|he|she)',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    needs: 'alak|liquor|beer|booze|gin|brandy|tuba|ilimnon|tagay|lambanog|whisk|rum|emperador|horse|tanduay|inom',
    source:
      '(?:amoy|smell\\w*|reek\\w*|stink\\w*|baho|bahog|humot|nanimaho|naamoy|naaamoy|gisimhot) (?:[a-z]+ ){0,3}?(?:alak|liquor|beer|booze|gin|brandy|tuba|ilimnon|tagay|lambanog|whisky|whiskey|rum|emperador|red horse|redhorse|tanduay|inom)',
  },
  // Discrimination said in passing: a stereotype of women, a religion called a cult, a group told to leave or
  // kept out, lower grades for a group "even if complete".
  {
    category: 'discrimination',
    weight: 0.45,
    kind: 'claim',
    needs: '{SEX_GROUP}|{GENDER_GROUP}',
    source: '(?:{SEX_GROUP}|{GENDER_GROUP}s?) ~~~ {EMOTIONAL_CLAIM}',
  },
  {
    category: 'discrimination',
    weight: 0.8,
    kind: 'claim',
    needs: '{SEX_GROUP}|{GENDER_GROUP}',
    source: '(?:{SEX_GROUP}|{GENDER_GROUP}s?) ~~~ {SEX_ROLE}',
  },
  {
    category: 'discrimination',
    weight: 0.8,
    kind: 'claim',
    needs: '{SEX_GROUP}|{GENDER_GROUP}',
    source: '{SEX_ROLE} ~~ (?:{SEX_GROUP}|{GENDER_GROUP}s?)',
  },
  {
    category: 'discrimination',
    weight: 0.8,
    kind: 'claim',
    needs: 'girls|women|females|babae|babaye',
    source:
      '(?:boys|men|males|lalaki|lalake|mga lalaki|mga lalake) (?:are |ay |kay |daw |raw )?(?:[a-z]+ )?(?:smarter|mas matalino|mas utokan|mas bright|better (?:at|in) (?:math|science|engineering|leading|leadership|programming|coding|logic|thinking)|better (?:leaders|engineers|students)|mas magaling (?:sa )?(?:math|science|engineering|mamuno|maglead)|mas maayo (?:sa )?(?:math|science|engineering|mangulo)) ~~ (?:than|kaysa|kaysa sa|kay sa|sa|compared to) (?:the )?(?:mga )?(?:girls|women|females|babae|babaye)',
  },
  {
    category: 'discrimination',
    weight: 0.8,
    kind: 'claim',
    needs: 'cult|kulto|satanic|demonic|demonyo|heretic|erehe|brainwash|false religion|fake religion|pekeng',
    source:
      '(?:religion|relihiyon|church|simbahan|faith|paniniwala|tinuohan|beliefs?|iglesia|sekta|{GROUP_RELIGION}) ~~ (?:cults?|kulto|satanic|demonic|sa demonyo|heretics?|erehe|brainwash\\w*|false religion|fake religion|pekeng relihiyon)|(?:cults?|kulto|satanic|demonic|sa demonyo|heretics?|erehe|brainwash\\w*) ~~ (?:religion|relihiyon|church|simbahan|faith|paniniwala|tinuohan|beliefs|iglesia|{GROUP_RELIGION})',
  },
  {
    category: 'discrimination',
    weight: 0.45,
    kind: 'act',
    needs: 'mindanao|province|probinsya|bukid|china|mountain|bundok',
    source:
      '(?:told|tells|telling|said|says|{~sabi,ingon,sulti,utos}|pinauwi|gipauli|asked|advised) ~~ (?:go (?:back|home) to|umuwi (?:na |ka |kayo )?(?:lang )?sa|bumalik (?:na |ka |kayo )?(?:lang )?sa|mouli (?:na |ka |mo )?(?:lang )?sa|mobalik (?:na |ka |mo )?(?:lang )?sa) ~ (?:mindanao|your province|her province|his province|probinsya|bukid|china|the mountains?|bundok)',
  },
  {
    category: 'discrimination',
    weight: 0.45,
    kind: 'act',
    needs: 'hijab|veil|belo|kombong|turban|accent|dialect|punto|tono|language|pinulongan|religion|relihiyon',
    source:
      '(?:if|kung|kon|as long as|basta|unless) (?:[a-z]+ ){0,3}?(?:insists?|keeps?|continues?|wears?|wearing|magsuot|nagsusuot|mosuot|mosul ob|magsul ob|gamit|uses?|speaks?|magsalita|mag salita) (?:[a-z]+ ){0,3}?(?:hijab|veil|belo|kombong|turban|accent|dialect|punto|tono|native language|pinulongan|religion|relihiyon)',
  },
  {
    category: 'discrimination',
    weight: 0.8,
    kind: 'act',
    needs: 'special|sped|school for the',
    source:
      '(?:transfer|lumipat|mobalhin|move|go) (?:na )?(?:lang )?(?:to|sa) (?:a |the )?(?:special school|special education|sped|school for the (?:deaf|blind)|special class)',
  },
  {
    category: 'discrimination',
    weight: 0.8,
    kind: 'act',
    needs:
      'should|transfer|special|sped|samok|abala|pabigat|istorbo|perwisyo|hassle|burden|influence|impluwensya|ehemplo|sayang',
    source:
      '(?:{GROUP_STRONG}|hijab|veil|belo|kombong|wheelchair|hearing aids?) ~~~ (?:should (?:just )?(?:transfer|leave|quit|drop|go)|transfer to (?:a )?(?:special|sped)|special school|sped school|samok ra|abala lang|pabigat lang|istorbo lang|perwisyo|hassle|a burden|bad influence|masamang impluwensya|dili maayong ehemplo|sayang lang)',
  },
  {
    category: 'discrimination',
    weight: 0.8,
    kind: 'act',
    needs:
      'deaf|blind|pwd|disabled|wheelchair|bingi|bungol|bulag|buta|pilay|piang|bakol|autistic|saklay|crutches|hearing|kapansanan|muslim|hijab|lumad|indigenous|katutubo|trans|bakla|bayot|tomboy',
    source:
      '(?:wont|will not|refus\\w*|doesnt|does not|didnt|did not|never|ayaw|dili|hindi|di) (?:[a-z]+ ){0,2}?(?:give|allow|let|accommodat\\w*|include|{~tugot,payag,hatag,bigay,apil,sali}|isali|iapil) ~~~ (?:deaf|blind|pwds?|disabled|wheelchair|naka wheelchair|bingi|bungol|bulag|buta|pilay|piang|bakol|autistic|saklay|crutches|hearing aids?|may kapansanan|muslim|hijab|lumad|indigenous|katutubo|trans|bakla|bayot|tomboy)',
  },
  {
    category: 'discrimination',
    weight: 0.8,
    kind: 'act',
    needs: 'kahit|even|despite|bisan|maski|though|regardless',
    source:
      '(?:(?:{~baba}|mababa|ubos|low|lower|lowest) (?:ang |ng |nga |ug |og )?(?:grades?|grado|marka|scores?|points) ~~ {GROUP_STRONG}|{GROUP_STRONG} ~~ (?:lower|mababang|mababa|ubos nga|low) (?:ang |na |nga )?(?:grades?|grado|marka|scores?)) ~~ (?:kahit|even if|even though|despite|bisan|maski|though|regardless)',
  },
  {
    category: 'discrimination',
    weight: 0.8,
    kind: 'claim',
    needs: 'sayang',
    source:
      'sayang (?:lang )?(?:daw |raw |kuno )?(?:ang |ng |the )?(?:pag ?aaral|pagtuon|pag eskwela|education|tuition|oras|effort|time) ~ (?:ng |sa |of )?(?:mga |the )?{GROUP_STRONG}',
  },
  {
    category: 'discrimination',
    weight: 0.8,
    kind: 'claim',
    needs: 'should|shouldnt|cant|cannot|dapat|angay|pwede',
    source:
      '{GROUP_STRONG} ~~ (?:should not|shouldnt|cant|cannot|di dapat|hindi dapat|dili angay|dili dapat|dili pwede|hindi pwede) (?:even )?(?:bother )?(?:apply\\w*|enroll\\w*|join\\w*|take|be (?:here|in|a)|study|mag ?aral|moeskwela|mag ?enroll|sumali|moapil|mamuno|lead|graduate)',
  },
  // Abuse: punishment of the body (squats, kneeling, standing in the sun, ear flicks, a grabbed collar), insults
  // without a verb of calling, humiliation aimed at someone.
  {
    category: 'abuse',
    weight: 0.85,
    kind: 'act',
    needs: '{PUNISH_POSE}',
    source: '{PUNISH_POSE} ~~~ {PUNISH_CONTEXT}|{PUNISH_CONTEXT} ~~~ {PUNISH_POSE}',
  },
  {
    category: 'abuse',
    weight: 0.85,
    kind: 'act',
    needs: 'kneel|squat|stand|push|jumping|sit|laps|duck|frog',
    source:
      '(?:made|makes|make|making|forced|forces|force|forcing|orders?|ordered|had|has|lets?) (?:[a-z]+ ){0,3}?(?:to )?(?:kneel|squat|do (?:\\d+ )?squats|stand|do (?:\\d+ )?(?:push ?ups|pushups|jumping jacks|sit ?ups|laps)|duck ?walk|frog ?jump) ~~~ {PUNISH_CONTEXT}',
  },
  {
    category: 'abuse',
    weight: 0.85,
    kind: 'act',
    needs: 'tenga|tainga|taynga|dalunggan|dunggan|ulo|ear|head|nape|batok',
    source:
      '(?:{~pitik,pingot,kutos,batok,tampal,sapok,bunal,pisil,kurot}|flick\\w*|pinch\\w*|smack\\w*|whack\\w*|slapp?\\w*) ~ (?:sa |ang |yung |iyang |on |the |my |his |her |our )?(?:tenga|tainga|taynga|dalunggan|dunggan|ulo|ears?|head|nape|batok)',
  },
  {
    category: 'abuse',
    weight: 0.85,
    kind: 'act',
    needs: 'collar|kwelyo|kuwelyo|throat|neck|liog|leeg|hair|buhok|welyo|welyu|kwely',
    source:
      '(?:grab\\w*|yank\\w*|seiz\\w*) (?:[a-z]+ ){0,4}?(?:collar|kwelyo|kuwelyo|throat|neck|liog|leeg|hair|buhok)|kinuwelyuhan|kinukwelyuhan|kinwelyuhan|gikwelyuhan|gikuwelyohan|ginakwelyuhan|ginakuwelyohan',
  },
  {
    category: 'abuse',
    weight: 0.85,
    kind: 'act',
    needs: 'dumb|stupid|slow|bobo|tanga|bogo|idiotic|brainless',
    source:
      '(?<!(?<![a-z])(?:im|i am|i feel|i felt|feel|feels|i was|ako|ko) )(?:too|so|masyado(?:ng)?|sobrang) (?:dumb|stupid|slow|bobo|tanga|bogo|idiotic|brainless) (?:for|to|para) (?:college|this course|this program|school|university|engineering|nursing|medicine|law|be here|pass|graduate|kolehiyo|mag ?aral|mo ?eskwela)(?! (?:lol|haha))',
  },
  {
    category: 'abuse',
    weight: 0.85,
    kind: 'act',
    needs: 'insult|humiliat|mock|shame|laugh|fun of|ridicul|pahiya|insultuhin|pakaulaw|biaybiay',
    source:
      '(?:picks?|picked|picking|chooses|chose|{~pili}) (?:on )?(?:someone|somebody|one of us|a student|one student|a classmate|one classmate|one person|a victim|sinuman|isang estudyante|usa ka estudyante|isa sa amin|usa namo|usa sa amo) (?:to |para |aron )?(?:insult|humiliate|mock|shame|laugh at|make fun of|ridicule|pahiyain|ipahiya|insultuhin|pakaulawan|biaybiayon)',
  },
  {
    category: 'abuse',
    weight: 0.85,
    kind: 'act',
    needs: 'parent|magulang|family|pamilya|ginikanan|mama|papa',
    source:
      '(?:youre|you are|ur|ikaw ang|ikaw ang (?:dahilan|rason)|ikaw ang hinungdan|ikaw ang rason) (?:the )?(?:reason|dahilan|rason|hinungdan) ~~ (?:parents?|magulang|family|pamilya|ginikanan|mama|papa) ~ (?:are |is |ay |kay )?(?:poor|pobre|mahirap|naghihirap|nag antos|ashamed|ikinahihiya|naulaw|disappointed)|(?:your|ang (?:mga )?|imong) (?:parents?|magulang|ginikanan|family|pamilya) (?:must be |are |is |siguro )?(?:ashamed of you|ikinahihiya ka|nahihiya sa ?yo|naulaw nimo|maulaw nimo|wasted their money|sayang ang pera|nasayang ang pera)',
  },
  {
    category: 'abuse',
    weight: 0.85,
    kind: 'act',
    needs: 'caption',
    source:
      '(?:caption\\w*|{~caption}) ~~ {INSULT}|{INSULT} ~ (?:yung |ang |as |the |iyang |niyang )?(?:caption|captions)',
  },
  {
    category: 'abuse',
    weight: 0.85,
    kind: 'act',
    needs: 'ngalan|nganlan|bansag|tinatawag|gitawag',
    source:
      '(?:ginganlan|ginganlanan|ginangalanan|pinangalanan|gibansagan|ginabansagan|binansagan|binabansagan|tinatawag|gitawag) (?:[a-z]+ ){0,4}?(?:og |ug |ng |na |nga |as )?(?:mga )?{INSULT}',
  },
  {
    category: 'abuse',
    weight: 0.85,
    kind: 'act',
    yieldsTo: 'discrimination',
    needs: 'someone|somebody|anybody|anyone|whoever|those who|the ones who|different student|one student|one of us',
    source:
      '(?:humiliat\\w*|shames?|shamed|shaming|mocks?|mocked|insults?|insulted|insulting|ridicul\\w*|belittl\\w*|degrad\\w*) (?:someone|somebody|anybody|anyone|whoever|those who|the ones who|a different student|one student|one of us)',
  },
  // Threats: a weapon owned or aimed, an ambush, a bomb, a veiled "something will happen", waiting by his car,
  // retaliation against whoever reports.
  {
    category: 'threat',
    weight: 0.85,
    kind: 'act',
    needs: '{WEAPON_FIRE}',
    source:
      '(?:may|naa|naay|adunay|meron|merong|i have|ive got|i got|i carry|i keep|i own) (?:[a-z]+ ){0,2}?{WEAPON_FIRE} (?:ako|ko|kami|mi|sa (?:akong|aking|bag|kotse|sasakyan|sakyanan|balay|bahay|locker|car))|(?:i have|ive got|i got|i carry|i keep|i own|we have) (?:a |my |the )?(?:gun|pistol|firearm|grenade|explosives?)|(?:naa|aduna|adunay|may|meron) (?:koy|akoy|ko|ako|kamiy|miy|kami) (?:[a-z]+ )?{WEAPON_FIRE}',
  },
  {
    category: 'threat',
    weight: 0.85,
    kind: 'claim',
    needs: '{WEAPON}',
    source:
      '(?:{~tutok}|point(?:s|ed|ing)?|aim(?:s|ed|ing)?|pull\\w* out|brandish\\w*) (?:[a-z]+ ){0,2}?(?:ng |ug |og |sa |a |his |her |iyang )?{WEAPON}',
  },
  {
    category: 'threat',
    weight: 0.85,
    kind: 'act',
    needs: 'ambush',
    source:
      '(?:{!ambush}|ipaambush\\w*|ipaambus\\w*|(?:will|going to|gonna|ill|to|would) ambush|ambush (?:him|her|them|you|us|sir|maam|whoever|anyone|ang)) ',
  },
  {
    category: 'threat',
    weight: 0.9,
    kind: 'act',
    needs: 'sabug|sabog|buthan|buthon|buto|bomb|blow|explo',
    source:
      '{EXPLODE} (?:[a-z]+ ){0,3}?{PLACE}|{PLACE} ~~ (?:{EXPLODE}|will explode|mosabog|sasabog)|(?:may|naay|merong|there is a|theres a|planted a|plant a|nagbutang ug|naglagay ng) (?:[a-z]+ )?(?:bomb|bomba|explosives?) (?:sa|in|inside|at)',
  },
  {
    category: 'threat',
    weight: 0.75,
    kind: 'act',
    needs: 'happen|mangyayari|mangyari|mahitabo',
    source:
      '(?:something (?:bad )?(?:will|would|might|may|is going to|gonna) happen to (?:you|him|her|them|me|us|your|his|her)(?! (?:grades?|scores?|marks?|requirements|projects?|papers?|standing|class standing))|(?:may|merong|naay|adunay) (?:masamang |dautan nga |daotan nga )?(?:mangyayari|mangyari|mahitabo) (?:daw |raw |kuno )?(?:sa ?yo|sayo|sa iyo|sakin|sa akin|sa kanya|sa inyo|sa amin|samin|sa pamilya|nimo|nako|sa imo|sa ako|ninyo|sa inyong|sa imong))',
  },
  {
    category: 'threat',
    weight: 0.75,
    kind: 'act',
    needs: 'accident',
    source:
      'accidents? (?:will |can |might |may |do )?happen ~~ (?:(?:who|if (?:you|she|he|we|they|anyone)|kung|pag) (?:[a-z]+ )?)(?:(?:report\\w*|tell\\w*|{~sumbong}) (?:on )?(?:him|her|sir|maam|them|this|it to|to the dean|sa dean|siya|sya|kanya|niya)|complain\\w*|snitch\\w*|{~reklamo})',
  },
  {
    category: 'threat',
    weight: 0.45,
    kind: 'act',
    needs: 'where|saan|asa',
    source:
      '(?:knows?|know|alam (?:ko|niya|namin|daw niya)|kabalo (?:ko|siya|mi|daw siya)) (?:kung )?(?:where|saan|asa) (?:[a-z]+ ){0,3}?(?:live|lives|stay|stays|nakatira|nagpuyo|puyo|gapuyo|umuuwi|nag uuli|nakatira)',
  },
  {
    category: 'threat',
    weight: 0.45,
    kind: 'act',
    needs: 'wait|lurking|watching|abangan|atngan|huwaton',
    source:
      '(?:ill|i will|im going to|ill be|we will|well be|going to be|gonna be|i will be|ill just be) (?:[a-z]+ )?(?:waiting|wait|lurking|watching) (?:for (?:him|her|you|sir|maam) )?(?:by|at|near|outside|beside|behind) (?:his|her|your|sirs|maams|the teachers) (?:car|house|home|gate|parking|motorcycle|motor)|(?:abangan|aabangan|atngan|huwaton) (?:ko |namo |nako |namin )?(?:siya |sya |si sir |si maam )?(?:sa )?(?:iyang |kanyang |niyang )?(?:kotse|sakyanan|car|balay|bahay|motor)',
  },
  {
    category: 'threat',
    weight: 0.8,
    kind: 'act',
    needs: 'snitch|report|reklamo|sumbong',
    source:
      '(?:snitch\\w*|whoever reports?|anyone who reports?|those who report|ang mo ?reklamo|ang mag ?sumbong|ang mo ?sumbong|ang nag ?sumbong|kung sino ang mag ?sumbong|kinsa ang mo ?report) ~~~ (?:take care of|deal with|settle (?:with )?|{VIOLENT_IRREALIS}|ambush\\w*|ipaambush\\w*|kill|hurt|beat|shoot|stab|accidents?|something (?:will|might) happen|may mangyayari|naay mahitabo)',
  },
  {
    category: 'threat',
    weight: 0.85,
    kind: 'strong',
    needs: 'kill|punch|hit|slap|stab|shoot|beat|hurt|strangle|choke|break',
    source:
      '(?:said|says|told (?:me|us|him|her|them)|warned|swore|threatened|promised) (?:that )?(?:he|she|they|sir|maam)? ?(?:would|will|d|is going to|was going to|gonna) (?:really )?(?:(?:kill|punch|hit|slap|stab|shoot|beat up|beat|hurt|strangle|choke) (?:me|us|you|him|her|them|students?|anyone|whoever){NOT_A_BLOW}|break (?:my|our|your|his|her) (?:legs?|arms?|face|neck|bones|nose|jaw|head|hands?))',
  },
  // Self-harm: cutting told as an act on one's arm, an overdose planned, a height and letting go, "easier if I
  // were gone", no one would care if I vanished, a life of no use, a death wish said in Cebuano or Taglish.
  {
    category: 'self_harm',
    weight: 0.9,
    kind: 'strong',
    needs: 'wrist|arm|thigh|skin|bukton|pulso|braso|hita|paa|leg|kamot|kamay',
    source:
      '(?:naghiwa|nanghiwa|maghiwa|naghihiwa|hiniwa|hinihiwa|hiwain|gihiwa|ginahiwa|nagahiwa|gahiwa|galaslas|nagalaslas|gagilis|nagagilis|mohiwa|muhiwa|naglaslas|naglalaslas|maglaslas|nilaslas|gilaslas|laslasin|naggilis|gigilis|ginagilis|cut|cuts|cutting|slit|slash\\w*|burn|burned|burnt|burning) (?:[a-z]+ ){0,3}?(?:(?:my|akong|aking|ang akong|ang aking|sa akong|sa aking) (?:own )?(?:wrists?|arms?|thighs?|skin|bukton|pulso|braso|hita|paa|legs?|kamot|kamay)|(?:ang |yung |sa )?(?:pulso|braso|hita|bukton|kamot) (?:ko|nako))(?! (?:on|against|sa lab|in the lab|while|pag|during|with the|sa salamin|sa bildo))',
  },
  {
    category: 'self_harm',
    weight: 0.85,
    kind: 'strong',
    needs: 'gamot|tambal|pill|tablet|meds|medicine|paracetamol|lason|hilo',
    source:
      '(?:{~inom,tulon,lamoy}|drink|take|swallow|down|overdose on|od on|ininom|iinumin) (?:[a-z]+ ){0,2}?(?:lahat|all|maraming|madaming|daghan|tanan|the whole|a whole|a bunch of|isang banig|usa ka banig|sobrang daming) (?:ng |sa |og |ug |of |my |the |mga |akong |aking )?(?:[a-z]+ )?(?:gamot|tambal|pills|tablets|meds|medicine|medicines|sleeping pills|paracetamol|lason|hilo)',
  },
  {
    category: 'self_harm',
    weight: 0.8,
    kind: 'strong',
    needs: 'gamot|tambal|pill|tablet|meds|lason|hilo|poison',
    source:
      '(?:gamot|tambal|pills|tablets|meds|lason|hilo|rat poison) ~~ (?:para|aron|to|so that|so) (?:[a-z]+ )?(?:matapos|mahuman|end|finish|mawala|mamatay|sleep forever|never wake up|di na magising|dili na momata)',
  },
  {
    category: 'self_harm',
    weight: 0.85,
    kind: 'strong',
    needs: 'railing|ledge|edge|roof|bridge|tulay|bintana|window|balcony|bubong|floor',
    source:
      '(?:railing|ledge|edge|rooftop|roof|bridge|tulay|bintana|window|balcony|bubong|(?:\\d+|\\d+th|\\d+rd|\\d+nd|\\d+st) floor) ~~~ (?:let(?:ting)? go(?! of)|let myself (?:go|fall)|jump(?:s|ed|ing)?(?! jacks)|mo ?ambak|tumalon|{~talon,ambak,lukso}|mahagbong|end it)',
  },
  {
    category: 'self_harm',
    weight: 0.85,
    kind: 'strong',
    needs: 'easier|better|mas ',
    source:
      '(?:easier|better|mas (?:maayo|mabuti|okay|ok|maganda|gaan|sayon|dali)) (?:pa )?(?:siguro |guro |yata |ata |kung |if |nga |na |to |para )?(?:just |lang |nalang |na lang )?(?:[a-z]+ ){0,2}?(?:let go|not exist|disappear|not wake up|wala na (?:ako|ko)|wala nako|mawala (?:na )?(?:lang |nalang )?(?:ko|ako)|mamatay (?:na )?(?:lang |nalang )?(?:ko|ako)|i was gone|i were gone|i wasnt here|i werent here|i disappeared|i died|i was dead|i were dead)(?! (?:sa|of|from|in|na (?:sa|ang)) )',
  },
  {
    category: 'self_harm',
    weight: 0.85,
    kind: 'strong',
    needs: 'care|notice|miss|pansin|matikod|mahalata|paki|matter',
    source:
      '(?:(?:if|kung|pag|kon) (?:i|ako|ko) (?:just )?(?:vanished|disappeared|died|was gone|were gone|wasnt here|werent here|mawala|mamatay|mawala na|mamatay na)|(?:kung|pag|kon) (?:mawala|mamatay) (?:na )?(?:ko|ako|nako))(?! (?:from|sa|in) )(?: [a-z0-9,]+){0,4}? (?:nobody|no one|anyone|walang|walay|wala|doubt|would anyone|will anyone) (?:[a-z]+ ){0,2}?(?:care|cares|notice|miss me|makakapansin|makapansin|makamatikod|mahalata|makamiss|makakamiss|pakialam|paki|magmatter)',
  },
  {
    category: 'self_harm',
    weight: 0.75,
    kind: 'hyperbole',
    needs: 'kinabuhi|buhay|life|existence',
    source:
      '(?:walay|wala nay|way|walang|wala nang|wala ng|no) (?:pulos|kapuslanan|silbi|kwenta|kuwenta|saysay|halaga|bili|meaning|purpose|point|value|sense) (?:[a-z]+ ){0,2}?(?:akong kinabuhi|ang akong kinabuhi|aking buhay|akong buhay|buhay ko|my life|my existence)|(?:my life|buhay ko|akong kinabuhi) (?:is |ay |kay )?(?:[a-z]+ )?(?:worthless|meaningless|pointless|useless|walang kwenta|walang saysay|walay pulos|walay kapuslanan)',
  },
  {
    category: 'self_harm',
    weight: 0.75,
    kind: 'hyperbole',
    needs: 'mamatay|mangamatay|mawala',
    source:
      '(?:gusto|ganahan|gustong gusto) (?:(?:na|nang|ng|lang|nalang|ko|ako|nako|kong|talaga|gyud|jud|unta|pod|pud|napud) ){1,4}(?:mamatay|mangamatay|mamatay na|mawala na sa mundo)',
  },
  {
    category: 'self_harm',
    weight: 0.85,
    kind: 'strong',
    needs: 'disappear|vanish',
    source:
      '(?:want to|wish i could|just want to|gusto ko|gusto kong|gusto ko na|gusto ko nang|gusto ko na lang|gusto ko nalang|gusto na lang ko|gusto nalang ko|parang gusto ko na lang) (?:mag|ma)?(?:disappear|vanish)(?! (?:from|in|sa) (?:the |this |our |my )?(?:group chat|gc|class|room|classroom|subject|course|school|zoom|meeting|chat|klase))',
  },
  {
    category: 'self_harm',
    weight: 0.8,
    kind: 'claim',
    needs: 'pakamatay|hikog|suicide|killing myself|end my life|ending my life|end it|ending it',
    source:
      '(?:unsaon|unsaon pag|paano|paanong|how to|how i could|ways to|plano|planning|plan|balak|naghunahuna|iniisip|thinking of|thinking about|think about|considering|researching) (?:[a-z]+ ){0,3}?(?:pagpakamatay|magpakamatay|pagpapakamatay|maghikog|paghikog|mohikog|suicide|killing myself|ending my life|end my life|ending it all|end it all|ending it(?! (?:early|now|here|with)))(?! (?:prevention|awareness|hotline|rates?))',
  },
  {
    category: 'self_harm',
    weight: 0.45,
    kind: 'strong',
    needs: 'pill|tablet|poison|lason|hilo|rope|lubid|pesticide|pampatulog|blade|razor',
    source:
      '(?:bought|bumili|nipalit|nagpalit|nakabili|nakapalit|have|has|ive got|i got|ready|gathered|saved up|stocked|nag ?ipon|gitigum|tinago|gitago|hid|hidden) (?:na )?(?:[a-z]+ ){0,2}?(?:pills|tablets|sleeping pills|rat poison|lason|hilo|rope|lubid|pesticide|pampatulog|blades?|razors?)',
  },
  {
    category: 'self_harm',
    weight: 0.45,
    kind: 'strong',
    needs: 'tell|sabihin|ipagsabi|isulti|sultihi|ingna|know|nakakaalam|nakahibalo',
    source:
      '(?:please|pls|plz|pakiusap|palihug) (?:dont|do not|wag|huwag|ayaw) (?:tell|sabihin|ipagsabi|isulti|sultihi|ingna) (?:anyone|anybody|kahit kanino|bisan kinsa)|i (?:just )?need (?:someone|somebody) to know|(?:nobody|no one|walang|walay) (?:knows|nakakaalam|nakahibalo)',
  },
  {
    category: 'self_harm',
    weight: 0.45,
    kind: 'strong',
    needs: 'letter|note|sulat|here|around|alive',
    source:
      '(?:wrote|write|writing|written|{~sulat}) (?:[a-z]+ ){0,2}?(?:letters?|notes?|sulat) (?:for|to|sa|para sa|para) (?:my |akong |aking |ang akong |ang aking )?(?:family|pamilya|parents|magulang|ginikanan|mama|papa|friends|barkada)|(?:i dont think|i do not think|i doubt) (?:ill|i will|i ll) (?:still )?be (?:here|around|alive)',
  },
  {
    category: 'self_harm',
    weight: 0.45,
    kind: 'strong',
    needs: 'everything|it all|lahat|tanan|life|palas|pabigat|burden|kabug',
    source:
      '(?:tired of|pagod na (?:ako )?sa|kapoy na (?:ko )?sa|sawa na (?:ako )?sa) (?:everything|it all|lahat|tanan|ang tanan|life)|(?:palas anon|pabigat|burden|kabug atan) (?:na |lang |ra )?(?:ko |ako )?(?:sa |to |on )?(?:akong |aking |my |ang )?(?:ginikanan|magulang|parents|pamilya|family)',
  },
  // Harassment: the body looked at or praised, a hand on the back, names for a lover in messages, pictures asked
  // in private with secrecy, a door closed after class, a grade talked over at a bar, tutorials for pretty girls.
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    needs:
      'skirt|palda|dress|chest|breast|boob|leg|thigh|butt|cleavage|blouse|dibdib|suso|hita|binti|puwit|pwet|dughan|lubot',
    source:
      'up (?:my|your|her|our|the girls|girls|students) (?:skirts?|palda|dress)|upskirt\\w*|(?:{~titig,silip,tanaw,tutok}|stare\\w*|staring|stared|ogl\\w*|leer\\w*|peek\\w*|gawk\\w*) (?:[a-z]+ ){0,4}?(?:sa |at |into |under |up )?(?:my |our |her |akong |iyang |the girls |girls )?(?:chest|breasts?|boobs|legs|thighs?|butt|cleavage|skirts?|blouse|dibdib|suso|hita|binti|puwit|pwet|palda|dughan|lubot)',
  },
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    needs: 'hand|arm|palm',
    source:
      '(?:puts?|putting|rests?|rested|resting|places?|placed|placing|lays?|laid|keeps?|kept|slides?|slid|sliding|moves?) (?:his|her) (?:hands?|arms?|palms?) (?:on|around|over|across|under|to) (?:my|our|her|the girls|girls|students) (?:[a-z]+ )?(?:lower back|back|waist|hips?|thighs?|knees?|legs?|butt|chest|neck|lap)',
  },
  {
    category: 'harassment',
    weight: 0.8,
    kind: 'act',
    needs: 'baby|babe|beh|bebe|sweetheart|darling|my love|love you|iloveyou|ily|heart|kiss|xoxo|mwah|muah|sexy',
    source:
      '(?:{~message,text,chat,send,pm,dm}|sends?|sent|sending|messages?|messaged|texts?|texted|dms?|dmed|pms?|pmed|greets?|greeted|calls?|called) (?:me|us|her|girls|students|my classmate|sakin|sa akin|saakin|akin|nako|kanako|namo|kanamo)? ?(?:[a-z]+ ){0,3}?(?<!(?<![a-z])(?:her|his|my|their|a|the|new|our|your|niya|nya|iyang) )(?:baby|babe|beh|bebe|sweetheart|darling|my love|i love you(?! (?:all|guys|class|everyone|so much class))|iloveyou|ily|heart emojis?|kiss emojis?|hearts and kisses|xoxo|mwah|muah|sexy)',
  },
  {
    category: 'harassment',
    weight: 0.45,
    kind: 'act',
    needs: 'pic|photo|litrato|selfie|video',
    source:
      '(?:{~hingi,ask,request,send,padala}|nagaask|asks?|asked|asking|requests?|requested|humihingi|nanghihingi|nangayo|gustong makita|gusto makita|makita|makakita|wants? to see) (?:[a-z]+ ){0,2}?(?:for )?(?:(?:ng |ug |og |sa |of )?(?:mga )?(?:pics|pictures?|photos?|litrato|selfies?|videos?) (?:ko|nako|niya|namo|of me|of her)|(?:my|her) (?:own )?(?:pics|pictures?|photos?|selfies?|videos?))',
  },
  {
    category: 'harassment',
    weight: 0.45,
    kind: 'act',
    needs: 'tell|secret|between us|sabihin|ipagsabi|sabihan|isulti|sultihan|ingnan|atin|sikreto|ato ato',
    source:
      '(?:told|tells|asked|asks) (?:me|us|her) (?:not to tell|to keep it (?:a )?secret|to keep (?:it|this) between us)|(?:wag|huwag|ayaw|dont) (?:ko |mo |ka |daw |raw |kuno |nako |nimo )*(?:sabihin|ipagsabi|sabihan|isulti|sultihan|ingnan|tell) ~ (?:kahit kanino|sa iba|kang bisan kinsa|bisan kinsa|anyone)|(?:between us|atin atin lang|sikreto lang|secret lang|ato ato ra)',
  },
  {
    category: 'harassment',
    weight: 0.45,
    kind: 'act',
    needs: 'stay|iwan|pabilin|mabilin',
    source:
      '(?:me|ako|ko|her|a girl|my classmate) (?:[a-z]+ )?(?:to )?(?:stay behind|stay after class|stay late|magpaiwan|maiwan|mopabilin|magpabilin|mabilin)|(?:pinaiwan|pinapaiwan|gipabilin|ginapabilin) (?:ako|ko|siya|sya|si)',
  },
  {
    category: 'harassment',
    weight: 0.8,
    kind: 'act',
    needs: 'door|pinto|pultahan|room|kwarto|office|blinds|curtain',
    source:
      '(?:stay behind|stay after class|magpaiwan|maiwan|mopabilin|magpabilin|pinaiwan|pinapaiwan|gipabilin|ginapabilin|alone|kami lang|ako lang|ako ra|mi ra) ~~~ (?:closes?|closed|closing|locks?|locked|locking|shuts?|{~sara,sirado,kandado,lock,close}|sinarado|sinara|gisirado|gisira|gilock|nilock) (?:[a-z]+ )?(?:the |ang |yung |sa )?(?:door|pinto|pintuan|pultahan|room|kwarto|office|blinds|curtains)',
  },
  {
    category: 'harassment',
    weight: 0.45,
    kind: 'act',
    needs: 'bar|club|inuman|ktv|videoke|motel|hotel|his car|his condo',
    source:
      '{PASSING} ~~ (?:at|in|sa) (?:a |the )?(?:bar|club|resto ?bar|inuman|ktv|videoke|motel|hotel|his car|his condo)|(?:bar|club|resto ?bar|inuman|ktv|videoke) ~~ {PASSING}',
  },
  {
    category: 'harassment',
    weight: 0.45,
    kind: 'act',
    needs: 'bring|magdala|magsama|pagdala|isama|ipakuyog|alone|isa|dalawa|duha|two of us|labas|gala|date|gawas|laag',
    source:
      '(?:not to|dont|do not|wag|huwag|ayaw) (?:bring|magdala|magsama|pagdala|pagdala ug|isama|ipakuyog) (?:ng |ug |og )?(?:anyone|anybody|a friend|friends|kasama|kauban|companion|classmates?|kaklase)|come alone|(?:ikaw|ka) lang (?:mag ?isa|dapat)|ikaw ra (?:usa|dapat)|mag ?isa ka lang|tayong dalawa lang|tayo lang dalawa|kitang duha ra|ta ra duha|just the two of us|(?:labas|gala|date|mogawas|laag) (?:tayo|ta)',
  },
  {
    category: 'harassment',
    weight: 0.8,
    kind: 'act',
    needs: 'magaganda|pretty|gwapa|guapa|sexy|cute|chix|chicks|seksi',
    source:
      '(?:private|special|exclusive|personal|free) (?:tutorials?|tutoring|consultations?|lessons?|review|sessions?|classes) ~~~ (?:magaganda|pretty|gwapa|guapa|sexy|cute|chix|chicks|seksi)',
  },
  {
    category: 'harassment',
    weight: 0.8,
    kind: 'act',
    needs:
      'leg|thigh|binti|hita|dibdib|suso|dughan|pwet|puwit|lubot|katawan|lawas|figure|curves|lips|labi|boob|chest|butt',
    source:
      '(?:ganda|maganda|sexy|seksi|kinis|puti|nice|hot|gwapa|nindot|kanindot|lovely|beautiful|pretty|ka sexy|sexy kaayo) (?:daw |raw |kuno |kaayo |talaga )?(?:ng |sa |of |ang |imong |your |my |iyang )?(?:mga )?(?:legs|thighs?|binti|hita|dibdib|suso|dughan|pwet|puwit|lubot|katawan|lawas|figure|curves|lips|labi|boobs|chest|butt)(?! (?:of|ng|sa|in) (?:the |ang |your |mo |yung |iyang )?(?:essay|work|text|report|paper|letter|speech|drawing|painting|sketch|figure|output|thesis|article|sanaysay|table|chair|model|sculpture|character))',
  },
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    needs: 'katawan|lawas|body|private|ari|naked|hubad',
    source:
      '(?:{~send,padala}|sends?|sent) ~ (?:ng |og |ug |a |his |her )?(?:pics?|pictures?|photos?|litrato|videos?|selfies?) (?:ng |sa |of )?(?:his |her |iyang |kanyang )?(?:katawan|lawas|body|private parts?|ari|naked body|hubad)(?! (?:of|building|builder|shots? of|after|transformation|progress))(?: (?:niya|nya|niyang))?',
  },
  {
    category: 'harassment',
    weight: 0.45,
    kind: 'act',
    needs: 'alone|isa|iisa|naa ra|usa ra',
    source:
      '(?:asks?|asked|asking|{~tanong,pangutana}|nangutana|gipangutana) ~~ (?:if|kung) (?:i|she|we|ako|ko|siya) (?:was |am |is |were )?(?:alone|mag ?isa|nag ?iisa|naa ra|usa ra|home alone)(?! (?:in|on|with|for|sa) (?:doing|the project|the group|this|our|a group|making|working|answering|paggawa|pag))',
  },
  // Integrity: labour on the teacher's farm or house, and goods he sells himself, for a grade.
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    needs: 'bukid|farm|uma|bahay|house|balay|garden|sakahan|tindahan|store|resort|kitchen|yard',
    source:
      '(?:{~ani,tanim,linis,laba,trabaho,limpyo}|harvest\\w*|plant\\w*|clean\\w*|work\\w*|errands?|farm\\w*) ~~ (?:(?:his|her|iyang|kanyang|niyang) (?:[a-z]+ )?(?:bukid|farm|uma|bahay|house|balay|garden|sakahan|tindahan|store|resort|kitchen|yard)|(?:bukid|farm|uma|bahay|house|balay|garden|sakahan|tindahan|store|resort|kitchen|yard) (?:niya|ni sir|ni maam|ni prof)) ~~~ {GAIN}',
  },
  {
    category: 'integrity',
    weight: 0.8,
    kind: 'act',
    needs: 'sell|sold|benta|baligya',
    source:
      '{GAIN} ~~~ (?:{~bili,palit}|buy|buys|bought|buying|purchas\\w*|order\\w*) ~~ (?:that |which |na |nga )?(?:he|she|sir|maam|prof|siya|sya) (?:sells?|sold|is selling|{~benta,baligya})',
  },
  // Harassment: a retake or removal exam offered for a night with him.
  {
    category: 'harassment',
    weight: 0.8,
    kind: 'act',
    needs: 'removal|retake|make|special exam|completion',
    source: '(?:removal|retake|make ?up exam|special exam|completion) ~~~ {CONTACT}',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    needs: 'sir|maam|teacher|prof',
    source: '{GIVE} ~ (?:{TEACHER_NAMED} ~~ {GIFT}|{GIFT} ~ {TEACHER_NAMED}) ~~~ (?:{GAIN}|{GOT_GRADE})',
  },
  {
    category: 'integrity',
    weight: 0.45,
    kind: 'act',
    needs: 'clearance|permit|sign',
    source:
      '{LEVY} ~~ (?:para sa|for|pang|sa) (?:the |our |ang |yung )?(?:clearance|pirma|signature|permit)|(?:para|to|aron) (?:ma ?sign|mapirmahan|pirmahan|sign) (?:[a-z]+ )?(?:clearance|permit)',
  },
  // Discrimination: "babae ka kasi" (because you are a girl), a reason said with the group.
  {
    category: 'discrimination',
    weight: 0.45,
    kind: 'claim',
    needs:
      'babae|babaye|bakla|bayot|tomboy|muslim|lumad|katutubo|igorot|aeta|badjao|bisaya|pwd|bingi|bungol|bulag|buta|pilay|intsik|probinsyan|bukid',
    source:
      '(?:babae|babaye|bakla|bayot|tomboy|muslim|lumad|katutubo|igorot|aeta|badjao|bisaya|pwd|bingi|bungol|bulag|buta|pilay|intsik|probinsyano|probinsyana|taga bukid) (?:ka|kami|kayo|siya|sya|man|mi|mo|kasi) (?:man |daw |raw |lang |kasi )?(?:kasi|kaya|kay|mao|thats why|that is why|so)',
  },
  // Abuse: an insult reported first, the speaker after ("bobo daw kami, sabi ni sir").
  {
    category: 'abuse',
    weight: 0.85,
    kind: 'act',
    needs: 'daw|raw|kuno',
    source:
      '{INSULT} (?:daw|raw|kuno) (?:[a-z0-9,]+ ){0,4}?(?:sabi|sinabi|ingon|giingon|matud|he said|she said|said|says)',
  },
  // Threats: a weapon shown by its owner, reporters told they will vanish.
  {
    category: 'threat',
    weight: 0.8,
    kind: 'claim',
    needs: '{WEAPON_FIRE}',
    source:
      '(?:show\\w*|{~pakita}|flash\\w*) (?:us |me |them |kami |mi |sa amon |sa amin )?(?:his|her|iyang|niyang|kanyang|ang iyang|ang kanyang) {WEAPON_FIRE}',
  },
  {
    category: 'threat',
    weight: 0.75,
    kind: 'act',
    needs: 'complain|reklamador|snitch|report|tattletale|reklamo|sumbong',
    source:
      '(?:complainers?|reklamador\\w*|snitch\\w*|those who complain|those who report|whoever complains|ang mo ?reklamo|ang nag ?reklamo|ang mag ?sumbong|ang nag ?sumbong|tattletales?) (?:will|would|gonna|are going to|ay|kay|mga) (?:[a-z]+ )?(?:disappear|vanish|mawala|mawawala|regret|get hurt|masaktan|madisgrasya|maaksidente|be dealt with|pay for it)',
  },

  // Integrity: drinking before or during class (not water: the drink is named).
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    needs: 'before|bago|sa wala pa|during|habang|samtang|while',
    source:
      '(?:{~tagay}|inuman|nag ?inuman|naglasing|naglalasing|(?:drinks?|drinking|drank) (?:alcohol|beer|liquor|gin|brandy|whisky|whiskey)|(?:uminom|umiinom|nag ?inom|nag ?iinom|moinom|miinom|nanginom) (?:[a-z]+ ){0,3}?(?:alak|beer|gin|lambanog|tuba|ilimnon|brandy|emperador|red horse|redhorse|tanduay)) ~~ (?:before|bago|sa wala pa|during|habang|samtang|while) ~ (?:class|klase|lecture|teaching|magturo|motudlo|pumasok|mosulod|nagtuturo|nagtudlo|magklase)',
  },
  // Threats: "I'll make him pay".
  {
    category: 'threat',
    weight: 0.6,
    kind: 'act',
    needs: 'pay',
    source:
      '(?:ill|i will|im going to|were going to|we will|well|and) (?:really )?make (?:him|her|them|you|sir|maam) pay(?! for (?:the|his|her|my|our|it))',
  },
  {
    category: 'threat',
    weight: 0.85,
    kind: 'topic',
    needs: 'bomb',
    source: 'bomb (?:threat|threats|note|notes|scare)(?! drills?)',
  },

  // Families of rules-1.3 (audit V): ways students write these things that its probe found unread.
  // Harassment: a grade if she goes out for a meal with him; eyes on a body part; "sexy daw ako"; remarks on an outfit.
  {
    category: 'harassment',
    weight: 0.85,
    kind: 'act',
    needs: 'dinner|lunch|coffee|drink|movie|merienda|kape|kumain|kaon|date',
    source:
      '{GAIN} ~~ (?:if|kung|kon|basta|pag|kapag|as long as|provided) ~~ {MEAL_WITH}|(?:if|kung|kon|basta|pag|kapag|as long as) ~ {MEAL_WITH} ~~~ {GAIN}',
  },
  {
    category: 'harassment',
    weight: 0.75,
    kind: 'act',
    needs: 'chests?|breasts?|boobs|legs|thighs|butt|cleavage|dibdib|suso|dughan|hita|lubot|pwet|puwit',
    source:
      '(?:stares?|stared|staring|ogles?|ogled|ogling|leers?|leered|leering|tinititigan|tinitigan|titig|tumititig|gititigan|ginatitigan|gitan aw|ginatan aw|gilantaw|ginalantaw) (?:at )?(?:[a-z]+ ){0,3}?(?:chests?|breasts?|boobs|legs|thighs|butt|cleavage|dibdib|suso|dughan|hita|lubot|pwet|puwit)',
  },
  {
    category: 'harassment',
    weight: 0.8,
    kind: 'act',
    needs: 'sexy|seksi|hot',
    source:
      '(?:sinabi|sabi|sinasabi|sinabihan|sinasabihan|ingon|giingon|ginaingnan|giingnan|gisultihan|told|tells|said|says|called|calls|commented|comments) (?:niya |nya |ni sir |ni maam |ni prof |siya |sya |sir |maam |he |she )?(?:[a-z]+ ){0,4}?(?:(?:sexy|seksi|sexy kaayo|hot) (?:daw |raw |kuno )?(?:ko|mo|ka|nimo|ako|nako|kami|mi)|(?:i look|i am|im|you look|you are|youre) (?:so |very |really )?(?:sexy|hot))',
  },
  {
    category: 'harassment',
    weight: 0.8,
    kind: 'act',
    needs: 'sexy|seksi|hot|kaseksi',
    source:
      '(?:comments?|commented|commenting|nagcocomment|nagcomment|nagkomento|nagkokomento|gacomment|nagacomment) ~~ (?:outfits?|suot|sinuot|damit|uniforms?|skirts?|palda|shorts|body|katawan|lawas|figure|legs|sinulob|sinul ob) ~~ (?:sexy|seksi|hot|kaseksi|ka sexy)',
  },
  // Discrimination: no passing grade for a group; a student with a disability told to stay home.
  {
    category: 'discrimination',
    weight: 0.85,
    kind: 'act',
    needs: 'pasa|pass',
    source:
      '(?:hindi|di|dili|wont|will not|never|ayaw) (?:daw |raw |kuno )?(?:niya |siya |sya |he |she |sir |maam )?(?:[a-z]+ )?(?:magpapasa|magpapapasa|pinapasa|papasahin|ipapasa|pasahon|mopasar|mupasar|pasaron|magpasar|pass|passes|passing) (?:[a-z]+ ){0,2}?(?:ng |og |sa |ang |any |a |the )?(?:mga )?(?:{GENDER_GROUP}|{GROUP_STRONG})|(?:{GENDER_GROUP}|{GROUP_STRONG}) (?:daw |raw |kuno )?(?:ako|ko|siya|sya|kami|mi|ka|sila) ~ (?:kaya|so|kay|thats why|that is why|mao nga|mao) (?:daw |raw |kuno )?(?:hindi|di|dili|wont|will not) ~ (?:papasa|pumasa|makakapasa|mopasar|mupasar|makapasar|pass|pasado|ipapasa|pasaron)',
  },
  {
    category: 'discrimination',
    weight: 0.8,
    kind: 'claim',
    needs: 'home|bahay|balay|quit|stop|huminto|tumigil|mohunong|muhunong',
    source:
      '(?:{GROUP_STRONG}|wheelchair|crutches|saklay|hearing aid|disability|kapansanan) ~~~ (?:should|dapat|angay|kinahanglan|better|mas maayo|mas mabuti|told (?:him|her|them) to|just|lang|nalang|na lang) ~ (?:stay (?:at )?home|stay in (?:the )?house|sa bahay na lang|sa bahay lang|sa balay (?:na )?lang|sa balay nalang|sa balay ra|quit school|stop schooling|stop studying|huminto sa pag ?aaral|tumigil sa pag ?aaral|mohunong sa pag ?eskwela|muhunong sa pag ?eskwela)',
  },
  // Self-harm: to stop living, to leave the world, to sleep and not wake, the thought of ending it all.
  {
    category: 'self_harm',
    weight: 0.85,
    kind: 'strong',
    needs: 'kinabuhi|pagpuyo|buhay|pamuhay|living|life',
    source:
      '(?:mohunong|muhunong|mohunong na|undang|moundang|muundang|mag ?undang|stop|quit|tumigil|huminto|hihinto|titigil) (?:na )?(?:lang |nalang |na lang )?(?:ko |ako |nako )?(?:sa |ning |ang |sa akong |sa aking |my )?(?:kinabuhi|pagpuyo|buhay|pamuhay|living|life)(?! (?:sa|ng|of|dito|diri|as|nga|in|estudyante|student|college|kolehiyo|sa pag|like))',
  },
  {
    category: 'self_harm',
    weight: 0.8,
    kind: 'strong',
    needs: 'kalibutan|kalibotan|kalibutana|mundo|world',
    source:
      '(?:leave|leaving|mobiya|mubiya|mobiya na|molayas|mulayas|molarga|mopahawa|umalis|aalis|iwan|iwanan|lisanin|lumisan|lilisan) (?:na )?(?:lang |nalang |na lang )?(?:ko |ako |nako )?(?:sa |ning |ang |this |the )?(?:kalibutan|kalibotan|kalibutana|mundo|mundong ito|world)(?! (?:of|ng|sa|para) )',
  },
  {
    category: 'self_harm',
    weight: 0.85,
    kind: 'strong',
    needs: 'sleep|matulog|makatulog|mokatulog|katulog|tulog',
    source:
      '(?:sleep|matulog|makatulog|mokatulog|katulog|tulog) (?:na )?(?:lang |nalang )?(?:[a-z]+ ){0,2}?(?:and |ug |og |at |tapos |then )?(?:never|dili na|di na|hindi na|indi na|wala na) (?:ko |ako )?(?:wake up|wake|mobangon|mubangon|momata|mumata|magmata|magising|gumising|bumangon)(?!(?: up)? (?:on time|early|in time|for|sa oras|ng maaga|og sayo|sayo|until|hanggang|til|sa alarm|to the alarm)(?![a-z]))',
  },
  {
    category: 'self_harm',
    weight: 0.8,
    kind: 'strong',
    needs: 'lahat|tanan|everything|all',
    source:
      '(?:naiisip|iniisip|naisip|napapaisip|naghunahuna|gahunahuna|nakahunahuna|thinking of|thought of|think about|thinking about) (?:ko |ako |nako |ko na |na )?(?:na |nga |to |about |of )?(?:tapusin|tapuson|wakasan|end|ending) (?:na )?(?:lang |nalang )?(?:ang )?(?:lahat|tanan|everything|it all)(?! (?:ng|sa|of|the|ang|nga|mga|requirements?|tasks?|works?))',
  },
  // Threats: a head or face to be broken; waiting for him outside, and a lesson to be taught (weak cues).
  {
    category: 'threat',
    weight: 0.8,
    kind: 'act',
    needs: 'ulo|head|face|nawong|mukha|bungo|skull|nguso|panga|jaw|teeth|ngipin',
    source:
      '(?:mobuak|mubuak|buakon|bukan|basagin|babasagin|basagan|bubuakon|break|smash|bash|crack|bust)(?: ko| nako| namo| nato| natin| niya| nila)?(?: talaga| gyud| jud| gid| na)? (?:sa |ang |ng |yung |ung )?(?:(?:his|her|their|iyang|ilang) (?:[a-z]+ )?(?:ulo|head|face|nawong|mukha|bungo|skull|nguso|panga|jaw|teeth|ngipin)|(?:your|imong) (?:[a-z]+ )?(?:face|nawong|mukha|nguso|panga|jaw|teeth|ngipin)|(?:ulo|nawong|mukha|bungo|nguso|panga|ngipin) (?:niya|nya|ni sir|ni maam|nila)|(?:nawong|mukha|nguso|panga|ngipin) (?:mo|nimo))',
  },
  {
    category: 'threat',
    weight: 0.45,
    kind: 'act',
    needs: 'abang|hulat|wait',
    source:
      '(?:abangan|aabangan|inaabangan|hulaton|hulatan|hulaton nako|hulaton nato|wait for (?:him|her|sir|maam)|waiting for (?:him|her|sir|maam)) (?:[a-z]+ ){0,3}?(?:sa labas|sa gawas|outside|sa parking|parking|parking lot|sa gate|sa kanto|after class|pag uwi|paguwi|mamaya)(?!(?: [a-z]+){0,5} (?:para|aron|to ask|to talk|to submit|to get|to have|kay mangutana|kay magpapirma|magpapirma|magpapermahan|pirma|signature|clearance|consultation|consult))',
  },
  {
    category: 'threat',
    weight: 0.45,
    kind: 'act',
    needs: 'leksyon|leksiyon|lesson',
    source:
      '(?:tuturuan|turuan|tudluan|tudloan|teach) (?:natin |nato |ko |nako |namo |namin )?(?:siya |sya |si sir |si maam |him |her )?(?:ng |og |ug |a )?(?:leksyon|leksiyon|lesson)',
  },
  // Integrity: "no book, no grade"; a better grade for those who bought him lunch.
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    needs: 'no|walang|walay',
    source:
      'no (?:book|books|module|modules|ticket|tickets|kit|kits|review kit|reviewer|reviewers|handout|handouts|manual|workbook|shirt|tshirt|t shirt|merch|product|raffle)(?: ,)? no (?:grade|grades|pass|passing|exam|final exam|finals|clearance)|(?:walang|walay) (?:libro|book|module|ticket|tiket|kit|reviewer|shirt|t shirt)(?: ,)? (?:walang|walay) (?:grade|grado|exam|pasa|clearance)',
  },
  {
    category: 'integrity',
    weight: 0.85,
    kind: 'act',
    needs: 'those|whoever|anyone|students|ones|kadtong|mga',
    source:
      '{GAIN} ~~ (?:those|whoever|anyone|students|the ones|kadtong|yung mga|ang mga|sa mga) (?:who |that |nga |na )?(?:[a-z]+ )?{GIVE} ~ (?:{TO_TEACHER} ~ {GIFT}|{GIFT} ~ {TO_TEACHER})',
  },

  // Families of rules-1.5 (audit AA): a teacher who says he will hurt the student, the student as the one harmed.
  // A head or face to be broken, the student's own ("buakon niya ang akong ulo", "babasagin daw ang ulo ko"): a
  // speaker or "daw" must stand between, so schoolwork that breaks a head ("babasagin ng calculus ang ulo ko") and
  // the head that breaks by itself ("mabuak akong ulo sa math") are not read.
  {
    category: 'threat',
    weight: 0.8,
    kind: 'act',
    needs: 'ulo|head|nawong|mukha|bungo|nguso|panga|ngipin|ilong',
    source:
      '(?:mobuak|mubuak|buakon|bubuakon|buakan|bukan|basagin|babasagin|basagan|pukpokon|pukpukon|pukpukin|pupukpukin)(?: (?:ko|nako|talaga|gyud|jud|gid|na|daw|raw|kuno))*(?: (?:niya|nila|nya|ni sir|ni maam|ni [a-z]+|daw|raw|kuno))(?: (?:talaga|gyud|jud|gid|na|daw|raw|kuno|niya|nila|nya))* (?:ang |sa |ng |yung |ung )?(?:(?:akong|aking|among|amoang|aming|atong|ating|ang akong|ang aking) (?:[a-z]+ )?(?:ulo|head|nawong|mukha|bungo|nguso|panga|ngipin|ilong)|(?:ulo|nawong|mukha|bungo|nguso|panga|ngipin|ilong) (?:ko|nako|namo|namin|natin|nato|nimo|mo|ninyo|niyo))',
  },
  // Said in English, the future contracted ("he said he'll hit us", "she'd slap us") or after a condition ("said if i
  // report him he'll punch me"); "hit us with a surprise quiz" and "beat us in the quiz bee" are not harm.
  {
    category: 'threat',
    weight: 0.85,
    kind: 'strong',
    needs: 'kill|punch|hit|slap|smack|whack|kick|stab|shoot|beat|hurt|strangle|choke|break|smash|crack|bash',
    source:
      '(?:said|says|told (?:me|us|him|her|them|the class|everyone)|warned(?: (?:me|us))?|swore|threatened|promised|sabi (?:ni sir|ni maam|niya|nya)|ingon (?:si sir|si maam|siya|niya)) (?:that )?(?:(?:if|when|once|pag|kung|kapag) (?:[a-z]+ ){1,6}?(?:, )?)?(?:(?:he|she|they|sir|maam) (?:would|will|is going to|was going to|is gonna|gonna|might)|hell|shell|theyll|hed|shed|theyd|hes going to|shes going to|hes gonna|shes gonna|theyre going to) (?:really |just |personally )?(?:(?:kill|punch|hit|slap|smack|whack|kick|stab|shoot|hurt|strangle|choke|beat up) (?:daw |raw )?(?:me|us|you|students?|anyone|whoever|everyone|ako|kami|kayo){NOT_A_BLOW}|beat (?:me|us|you|them) up|(?:break|smash|crack|bash) (?:my|our|your) (?:[a-z]+ )?(?:legs?|arms?|face|neck|bones|nose|jaw|head|skull|hands?|teeth))',
  },
  // Filipino and Cebuano verbs of hitting said of the student, with a speaker or "daw" ("hahampasin daw niya kami",
  // "sakitan daw ko niya"), which VIOLENT_IRREALIS leaves out: alone they are chores and games ("hampasin ang bola").
  // Cebuano "sakitan" needs the one who hurts ("sakitan daw ko sa ulo" is a headache).
  {
    category: 'threat',
    weight: 0.85,
    kind: 'strong',
    needs:
      'hampas|batok|batuk|kutos|kutus|sakt|sakit|samar|palu|sipa|tadyak|sabunut|kurutin|latigo|latigu|sipaon|lambos',
    source:
      '(?:(?:hahampasin|hampasin|hahampasan|hampasan|babatukan|batukan|kukutusan|kutusan|sasaktan|saktan|samaran|papaluin|paluin|papaluan|paluan|sisipain|sipain|tatadyakan|tadyakan|sasabunutan|sabunutan|kukurutin|kurutin|latigohon|latiguhon|sipaon|lambosan)(?: (?:talaga|gyud|jud|gid|na))*(?: (?:daw|raw|kuno|niya|nila|nya|ni sir|ni maam|ni [a-z]+)){1,3} (?:ako|ko|kami|mi|tayo|kita|kayo|kamo|ka)(?![a-z])|(?:sasakitan|sakitan)(?: (?:daw|raw|kuno))* (?:(?:ako|ko|kami|mi|ka|kamo) (?:daw |raw |kuno )?(?:niya|nila|ni [a-z]+)|(?:niya|nila|ni [a-z]+)(?: (?:daw|raw|kuno))* (?:ako|ko|kami|mi|ka|kamo)(?![a-z])))(?! (?:ng|sa|sang|og|ug) (?:mga )?(?:exam|exams|finals|midterms?|quiz|quizzes|thesis|requirements?|deadlines?|assignments?|projects?|subject|math|calculus|physics|accounting|plates|modules?|lab|reviewer|workload|schoolwork))',
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
  ...families,
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
  [/\bbaby steps?\b/g, 'small steps'],
  // "every lecture", "during discussions": when something happens, not a lesson about it.
  [
    /\b(?:every|each|during|sa|buong|tibuok|kada|tuwing|matag) (?:lecture|lectures|discussion|discussions|class discussion)\b/g,
    'every meeting',
  ],
  // "lasing na lasing sa caffeine", "hubog sa gugma": drunk on something that is not drink.
  [
    /\b(?:lasing|hubog|lango|drunk)(?: na (?:lasing|hubog))? (?:sa|with|on) (?:caffeine|kape|coffee|power|kapangyarihan|pag ?ibig|gugma|love|tulog|antok|saya|kalipay|success|tagumpay|happiness|joy|excitement)\b/g,
    'elated',
  ],
  // School fees paid at the cashier ("tuition fee", "miscellaneous fees") are not a levy by the teacher.
  [
    /\b(?:tuition|matriculation|miscellaneous|registration|enrollment|enrolment|school|laboratory|lab) (?:fees?|payments?|balance)\b/g,
    'schoolfees',
  ],
  // Reduplicated Cebuano roots written apart ("gibiay biay", "bugal bugal") read as one word.
  [/\b([a-z]*?)(biay|bugal|yaga|tamay|yawa|atay) \2\b/g, '$1$2$2'],
  // "this subject will break your head", "calculus will fry your brain": schoolwork that is hard, not a threat.
  [
    /\b(?:subject|subjects|course|courses|topic|topics|lesson|lessons|exam|exams|finals|midterms?|quiz|quizzes|math|calculus|physics|chemistry|accounting|statistics|thesis|module|modules|problem sets?|requirements?|workload|plates|coding|reviewer|it|this|that) (?:will|would|can|could|is going to|gonna|is gonna|might|really|literally|will really|will literally|can really|would really)(?: really| literally| totally| surely)? (?:break|crack|fry|melt|explode|blow|wreck) (?:your|ur|my|our|ya|the) (?:heads?|brains?|minds?|skulls?)\b/g,
    'hard schoolwork',
  ],
  // "papatayin daw kami ng thesis defense", "patyon mi sa requirements": schoolwork as the one that kills, not a person.
  [
    /\b(?:papatayin|patayin|patyon|sasaktan|saktan|sakitan|babasagin|basagin|buakon|bubuakon|bubugbugin|bugbugin)(?: (?:daw|raw|kuno|talaga|gyud|jud|na))* (?:ako|ko|kami|mi|tayo|kita|ta|kayo|kamo|ka)(?: (?:daw|raw|kuno|talaga|gyud|jud|na))* (?:ng|sa|sang) (?:mga |ang |among |aming |ating |atong |iyang |kanyang |niyang )?(?:exam|exams|finals|midterms?|prelims?|quiz|quizzes|thesis|defense|requirements?|deadlines?|assignments?|homework|projects?|subject|subjects|math|calculus|physics|chemistry|accounting|statistics|plates|modules?|labs?|reviewer|workload|schoolwork|reports?|recitation|research|capstone)\b(?! (?:room|building|office|area|center))/g,
    'hard schoolwork',
  ],
  // "laughed at her own mistake": a teacher laughing at herself, not at a student.
  [/\b(laughs?|laughed|laughing) at (?:her|his|their|my|our) own\b/g, '$1 at oneself'],
  // "ang sexy daw ng bagong font": sexy said of a thing (slides, a font, a car), not of a person.
  [
    /\bsexy (?:daw |raw |talaga |kaayo |kuno )?(?:ng|nang|yung|ung|ang|sa|of the|the|this|that|na) (?:bagong |new |mga |iyang |kanyang |niyang |imong |his |her |our |your )?(?:fonts?|designs?|layouts?|slides?|ppts?|powerpoints?|presentations?|templates?|graphs?|charts?|codes?|logos?|posters?|outputs?|diagrams?|formulas?|equations?|cars?|kotse|motor|motorcycles?|phones?|cellphones?|laptops?|handwriting|sulat|penmanship|board|whiteboard|background|theme|font style|typography)\b/g,
    'stylish design',
  ],
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
  /\b(?:discuss\w*|lessons?|lectures?|lectured|topics?|modules?|seminars?|webinars?|case stud\w*|awareness|prevention|preventing|prevent|taught us|teaches us|teach us|teaching us|learned|learn|learning|studied|study|studying|history of|republic act|ra \d+|law|laws|policy|policies|safe spaces act|reading|readings|article|articles|film|documentary|novel|story|chapter|essay|debat\w*|explained|fighting|fights|explains|gender and society|ethics|sociology|psychology|tinalakay|tinatalakay|pinag ?aralan|pinagaaralan|itinuro|tinuro|tinuturo|nagturo tungkol|aralin|leksyon|leksiyon|paksa|gidiscuss|gidiskas|gitudlo|gitudloan|gitunan|gituon|hisgutan|gihisgutan|leksyon|anti\w+|iwasan|likayan|labanan|avoid|fight|combat|stop|talakayan|diskusyon|talk on|talks on|orientation|speakers?|guest speakers?|resource speakers?|symposium|forum|testimon\w*|warned|warns|warning|\w*likay\w*|gipasabot|\w*bawal|discussion|discussions|usapan|\w*usapan|\w*topic|units?|literature|poems?|tula|nobela|gobyerno|government|politics|officials|grounds for|expulsion|expelled|punishable|prohibited|against the rules|tinuruan|tinuturuan|news|balita|current events|journalism|(?:nag|mag|gi|gina|naga|nagpa)(?:lecture|lecturer|discuss|discussion|topic|talk)\w*)\b/;

/** Someone is quoted saying it: then a lesson does not excuse a claim. */
export const QUOTED_SPEAKER =
  /\b(?:he|she|sir|maam|mam|prof|professor|teacher|instructor) (?:said|says|told us|tells us|claims?|claimed|insists?|insisted|keeps saying|believes)\b|\b(?:sabi|sinabi|sinasabi|ingon|giingon) (?:niya|nya|ni sir|ni maam|ni mam|ni prof|siya|sya)\b/;

/** Laughter and joke markers: a death wish next to them and to schoolwork is a figure of speech. */
export const LAUGH_CUES =
  /\b(?:haha\w*|hehe\w*|hihi\w*|lol|lmao|lmfao|rofl|charot|char|chos|joke|jk|biro lang|xd|choss|charr|yawa ra)\b/;

/** Schoolwork that students say is killing them. */
export const SCHOOLWORK_CUES =
  /\b(?:exam|exams|finals|final|midterms?|prelims?|quiz|quizzes|thesis|requirements?|reqs|deadlines?|assignments?|homework|projects?|subject|subjects|math|calculus|physics|chemistry|accounting|reports?|recitation|recits?|plates|modules?|activities|lab|labs|coding|reviewer|workload|schoolwork|pagsusulit|sa dami|sa hirap|sa kapoy|sa kakapoy|sa stress|kapoy|pagod|puyat|grades?|grado|class|klase|subject|sem|semester|heat|init|mainit|kainit|traffic|gutom|hunger|stress)\b/;
