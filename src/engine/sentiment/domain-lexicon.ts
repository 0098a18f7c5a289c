/**
 * Hand-built lexicon for student comments about teachers and courses, in English, Tagalog/Filipino and
 * Cebuano (and the words of Taglish / Bisaya-English). Valence uses the VADER scale (-4..+4); entries here
 * override VADER. Multi-word entries are phrases matched before single words, so "walang kwenta" or
 * "di ko gets" carry their own meaning instead of going through negation.
 *
 * Every entry was written for this project from knowledge of how students write about teaching and courses;
 * none is taken from the text of the evaluation sets in ../shared/data/sentiment/ (they are measured on, never
 * read for words). Version 2.0 removed the entries that had come from those files: product-review vocabulary
 * of the Taglish review sets, rare tokens and misspellings seen in them, and phrases read off tuning rows (see
 * docs/sentiment-engine.md). A few zero-valence entries neutralise VADER words inside neutral phrases that
 * are names of subjects or course content ("fine arts", "interest rate", "critical thinking").
 *
 * Format: one line per valence, `<valence> term, term, ...`; lines starting with `#` are comments.
 */

const ENGLISH = `
3.2 the best, best teacher, best professor, best instructor, one of the best, highly recommend, highly recommended
3 outstanding, amazing, awesome, fantastic, wonderful, superb, brilliant, exceptional, phenomenal, learned a lot, learned so much, learnt a lot, i learned a lot, taught me a lot, no regrets
2.5 well-structured, well structured, well-explained, goes out of his way, goes out of her way, went out of his way, went out of her way, gem, a gem, well planned, well-planned, knowledgeable, approachable, inspiring, inspirational, inspires, passionate, enthusiastic, well-organized, well organized, well-prepared, well prepared, very helpful, recommend, would recommend, definitely recommend, worth it, worth taking, lifesaver, blessing, hard-working, hardworking, goat, masterclass
2.2 nice one, i really like, we really like, students like, really liked, engaging, caring, supportive, encouraging, motivating, accommodating, considerate, dedicated, insightful, informative, kind, friendly, patient, understanding, respectful, humble, effective, entertaining, enjoyable, fun, interesting, no complaints, no complaint, nothing to complain, nothing bad to say, appreciate, appreciated, thankful, grateful
2 organized, organised, responsive, punctual, prepared, thorough, clear, clearly, fair, helpful, useful, valuable, interactive, concise, competent, skilled, expert, smart, intelligent, wise, professional, committed, on time, on-time, motivated, energetic, lively, easy to understand, easy to follow, explains well, explained well, well explained, well-explained, good job, great job, keep it up, keep up the good work, love, loved, enjoyed, liked, i like, we like, really like, i liked, we liked, i love, i enjoyed
0.8 practical
2.2 would take again, would take him again, would take her again, take him again, take her again, take his class again, take her class again
1.5 up to date, up-to-date
1 checks on
1.5 trying hard, tries hard, try hard, tried hard, no issue, no issues, satisfied, satisfying, learned, learnt, gained, improved, relevant, detailed, structured, flexible, calm, chill, funny, humorous, jokes, cool, solid, recommended, welcoming, open-minded, challenging but, no problem, no problems
1.5 easy, willing, open to, open for questions, open to questions, open to feedback, in-depth, accurate, qualified, deep, kudos, went well, goes well, worth
1 works hard, sufficient, appropriate, proper, to the point, understandable, manageable, enough time, thank, helped, helps, answers, answered, responds, replies, clarifies, clarified
0 explain, explains, explained, explaining, understand, understood, learn, learning, get it, got it, teach, teaches, taught, attend, attends, replied, reply, prepare, enough, care, answer, respond, responds, show up, shows up, focus, sabot, intindi, nagtuturo, nagturo, magturo, turo, pumapasok, sumasagot, nagrereply
0.5 okay, ok, fine, alright, decent, interest, true, yes, free, well, planned
0 average, hope, problem solving, problem-solving
0 like, pretty, super, so, sure, please, wish, god, joke, miss, mean, kind of, sort of, as well, as well as, critical thinking, challenging, matter, no, yeah, lol, haha, hahaha, lmao, grade, grades, class, teacher, need, needs, want, hard-earned, pretty much, sir, maam, madam, funny enough, free time, interest rate, fine arts, help desk, well-known, very well, like that, feel like, looks like, seems like, just like, would like, i'd like, we would like
-0.8 harder, lag, lags, cramming, rote learning, rote, improvement, theoretical, only theory, strict, tough, demanding, heavy, workload, slow, slowly, long, lengthy, rush, rushed, fast-paced, hard, nervous, pressure, quiet, soft-spoken, monotone, nitpicky, reads the slides, read the slides, reads from the slides, reading from the slides, just reads, only reads
-1.5 too much, too many, too long, too fast, too slow, too strict, too hard, too loud, too soft, masyadong mabilis, masyadong mabagal, masyadong marami, masyadong madami, masyadong mahaba, masyadong mahirap
-1.2 ang dami, ang daming, sobrang dami, sobrang daming, grabe ang dami, daghan kaayo, kadaghan, rough, no use, of no use, would have been nice, would have been better, would have been helpful, would have liked, would have preferred, i would have liked, needs more, need more, needed more, could use more, hard time, difficult time, lacked, difficulty, difficult to follow, unnecessary, unstructured, insufficient, need improvement, needs some improvement, need some improvement, have to improve, has to improve, should improve, must improve, needs to be improved, should be improved, to be improved, has to be improved, late, tardy, absent, absences, difficult, confusing, confused, unclear, vague, lacking, lacks, lack, lack of, struggle, struggled, struggling, overwhelming, overwhelmed, outdated, irrelevant, disorganized, unorganized, unprepared, stress, stressed, stressful, could be better, could have been better, could improve, needs improvement, needs to improve, room for improvement, not enough, hard to follow, hard to hear, inconsistent, repetitive, monotonous, dull, lost, no idea, not clear, not organized, intimidating, scary, cancelled, canceled, missing
-1.8 annoying, knows nothing, know nothing, teach yourself, teach ourselves, teach myself, self-study, passive aggressive, passive-aggressive, partiality, should not take, shouldn't take, don't take, do not take, not worth, boring, bored, boring class, sleepy, unhelpful, unresponsive, impatient, unapproachable, biased, favoritism, favouritism, harsh, frustrating, frustrated, hard to understand, difficult to understand, hard to learn, lazy, unprofessional, arrogant, condescending, pointless, terror, terrorist, waste, wasted, dreaded, dread, rude, mean teacher, yells, shouts, shouting, yelling, scolds, embarrassed, humiliated, humiliates, doesn't care, does not care, didn't care, did not care, never answers, never replies, never there, always late, always absent, no feedback
-2.5 useless, disappointing, disappointed, disappointment, terrible, horrible, awful, worst, waste of time, waste of money, a waste, do not recommend, don't recommend, would not recommend, wouldn't recommend, not recommended, never again, hated, hate, incompetent, worst teacher, avoid
# Added in 2.0, written from knowledge of student comments.
# Added in 2.6, written from knowledge of student comments.
2.2 cooperative, co-operative, means a lot, meant a lot, take another class with, take another course with
1.5 taught me how, taught us how
2 finally understood, finally understand, finally get it, finally got it, finally learned
-1.5 too hot, too cold, too noisy, too crowded, too dark
-1.2 kept changing, keeps changing, always changing, still waiting, had to wait, kept us waiting, waited
1.5 wide range, wide variety, wide selection, wide collection
-0.8 read from the slides, just read the slides, only read the slides, reads from the book, reading from the book, reads the book aloud, reading the book aloud, reads from the module, reading from the module
0 not applicable, not yet applicable, does not apply, doesn't apply
2.5 goes the extra mile, went the extra mile, the extra mile, well-versed, down to earth, down-to-earth, role model, a true educator, makes learning fun, made learning fun, makes the class fun, made the class fun, easy to approach, always available
2 fair grader, fair grading, explains thoroughly, explains clearly, eye-opening, always prepared
-1.2 mumbles, mumbling, inaudible, can't hear, cannot hear, hard grader, unfair grading, no consultation, never on time, reads off the slides, reads off the ppt, reads the ppt, just reads the ppt
-1.8 disrespectful, belittles, belittling, humiliating, insults, insulting, plays favorites, playing favorites, has favorites, never returns, never returned, always on his phone, always on her phone
# Added in 2.2, written from knowledge of student comments: learning left to the students.
-1.8 taught ourselves, taught myself, teaching ourselves, self-taught, self taught, self study, self-studying, self studying, learned on our own, learnt on our own, studied on our own, figured it out ourselves, figure it out ourselves, figure things out ourselves
# Added in 2.3, written from knowledge of student comments: exercises named "problems" in mathematics and the
# sciences are course content, not trouble; comparing students with one another is a complaint.
0 practice problems, practice problem, sample problems, sample problem, word problems, word problem, problem set, problem sets, exercise problems, board problems
-1.8 compares us, compare us, comparing us, compared us, compares students, compares us to, compares us with
# Also in 2.3: implicit complaints of a teacher who does the least (reads the slides, gives a score and no feedback,
# leaves messages unanswered, meets the class a few times) and of learning done elsewhere; praise that says what a
# student will get or came to like.
-1.5 reads the slides, reading the slides, reads from the slides, reading from the slides, reads the powerpoint, reading the powerpoint, reads the book to us, just reads, tells us to read, told us to read, just a score, only a score, just the score, only the score, left on seen, left us on seen, seenzone, seenzoned, seen-zoned, seen zoned, on his phone, on her phone, unrealistic, only met, we only met, met only
-1.8 learned more from youtube, learned more on youtube, learnt more from youtube, learned more from my classmates, learned more from our classmates, learned more from google, had to watch youtube, relied on youtube, rely on youtube
-2.5 didn't learn anything, did not learn anything, learned nothing, learnt nothing, haven't learned anything, have not learned anything
2 makes time for, always makes time, made time for, now i like, now i love, started to like, learned to like, learned to love, you will learn, you'll learn, you will really learn, you'll really learn
# Added in 2.4, written from knowledge of student comments: a teacher who stops for questions, or does not (VADER's
# "stop" is a complaint word, so "does not stop for questions" read as praise); who breaks a lesson down so the class
# can follow; who rushes; who shouts at or scolds a student; exams with no surprises.
0 stop, stops, stopped, stopping
1.2 stops for questions, stop for questions, stopping for questions, pauses for questions, stops to explain, stop to explain, stops to check, stop to check, stops to ask, stop to ask, pauses to explain, pauses to check
1.5 stops and explains, breaks down, breaks it down, break it down, breaking down, breaks things down, broke it down, everyone can follow, we can follow, so we can follow, no surprises, no surprise quizzes
-0.8 rushes, rushing
-1.5 rushes through, rushed through, rushing through, rushes the lessons, rushed the lessons
-1.8 shouted, shouted at, shouts at, yelled, yelled at, yells at, screamed, screamed at, screams at, scolded, scolding, raised his voice, raised her voice, raises his voice, raises her voice
# Added in 2.5, written from knowledge of student comments: "can be improved" is the polite form of "should be
# improved" (VADER's "improved" read it as praise).
2.2 patiently, explains patiently
0 difficult topics, difficult topic, difficult concepts, difficult lessons, difficult lesson, difficult subjects, difficult parts, hard topics, complex topics, complicated topics, difficult material
0 honestly
-1.8 not so much
-1.8 uninterested, disinterested, unanswered, go unanswered, goes unanswered, went unanswered, took forever, takes forever, take forever, left to figure, were left to, left us to figure, left to ourselves, left on our own, left us on our own
2.5 need more teachers like her, need more teachers like him, needs more teachers like her, needs more teachers like him, all teachers are like her, all teachers are like him, all teachers were like her, all teachers were like him, all professors are like her, all professors are like him, more teachers like her, more teachers like him, more professors like her, more professors like him
-1.2 can be improved, could be improved, can still be improved, could still be improved, can be further improved, could be further improved, can be improved more, can be improved further, may be improved, might be improved, can still improve, could still improve, can improve more, still needs improvement, still need improvement, still needs to improve, still needs to be improved, needs more improvement, need more improvement
# Added in 2.10, written from knowledge of course evaluations: common words of praise and complaint for a course, a
# teacher and a campus that the VADER subset shipped here lacks (it has "poor" and "adequate", not "mediocre",
# "substandard" or "exemplary").
3 exemplary, top-notch, top notch, world-class, world class, par excellence
2.5 commendable
2 well-equipped, well equipped, well-maintained, well maintained, well-stocked, well stocked, spacious, hygienic, polite, cordial, lucid, articulate, systematic, resourceful, student-friendly, student friendly
1 well-read, well read
-2.5 substandard, sub-standard, subpar, sub-par, below par
-2 mediocre, unsatisfactory, below average, haphazard, mismanaged, negligent, unhygienic, malfunctioning
-1.5 poorly, irregular, unpunctual, overcrowded, congested, cramped, tedious, hectic, overloaded
-1.2 unavailable, scarce
# Added in 2.12, written from knowledge of course evaluations: more of the common words of praise and complaint the
# shipped VADER subset lacks, and the un- forms of praise words it has ("supportive", "inspiring", "interesting").
3 stellar, first-rate, first rate, mind-blowing, life-changing, life changing
2.5 incredible, amazingly, eloquent, meticulous, diligent
2 attentive, well-paced, well paced, comprehensible, reliable, witty, impartial
1 reasonable, productive
-2.5 atrocious, toxic
-2 unqualified, uncaring, unsupportive, patronizing, patronising, condescendingly, corrupt, sloppy
-1.5 inattentive, unreliable, uninteresting, unenjoyable, uninspiring, unenthusiastic, unproductive, uninformative, unaccommodating, unreasonable, inexperienced, unskilled, disorganised, impractical, inefficient, demotivating, tiresome, draining, overburdened, aloof, superficial, shallow
-1.2 unreachable, inaccessible, hurried, wordy
# Added in 2.13, written from knowledge of course evaluations: idioms of praise and complaint whose words alone say
# nothing ("knows his stuff", "all over the place", "left on seen"), "kindly", the politeness of a request, and the
# openers of English sarcasm ("love how he never replies": SARCASTIC_OPENERS), which say what they say without a complaint.
2.5 above and beyond, goes above and beyond, went above and beyond, knows his stuff, knows her stuff, knows their stuff, knows what he is talking about, knows what she is talking about, knows what he's talking about, knows what she's talking about, top tier, top-tier, eye opener, eye-opener, can't thank her enough, cannot thank her enough, can't thank him enough, cannot thank him enough, can't thank you enough, cannot thank you enough
1.5 makes you think, made me think, makes us think, made us think
0 kindly, data structures, data structure
2 love how, i love how, gotta love how, appreciate how, i appreciate how, really appreciate how
1 must be nice
-2.5 thanks for nothing, thank you for nothing, salamat sa wala
-1.8 put me to sleep, puts me to sleep, put us to sleep, puts us to sleep, putting us to sleep, putting me to sleep, only favors, only favours, favors some, favours some, favors certain, favours certain
-1.8 partial towards, partial toward, partial to some
-1.5 too expensive, overpriced
-1.2 too high
-1.5 all over the place, expected more, expected better, was expecting more, were expecting more, nothing to do with, has nothing to do with, had nothing to do with, rambles, rambling, rambled, goes off topic, goes off-topic, went off topic, off topic, off-topic, left on seen, left us on seen, seenzoned, seen-zoned, lost interest, lost my interest
# Added in 2.15: "available" alone mostly states a fact ("the syllabus is available on the portal"), so it weighs as
# little as "okay" (0 read two of the corpus's "laging available si sir" as neutral); praise says who is available for
# what, and what is not available is a complaint. Meeting or missing what was expected is a verdict.
0.5 available
-1.5 not available, not always available, never available, hardly available, rarely available, hindi available, di available, dili available
2 available for consultation, available for questions, available after class, available anytime, readily available, always there for us
2.5 exceeded my expectations, exceeded our expectations, exceeded expectations, exceeds expectations, beyond my expectations, beyond expectations, surpassed my expectations
-1.8 did not meet my expectations, didn't meet my expectations, did not meet our expectations, didn't meet our expectations, fell short of expectations, below expectations, below my expectations
# Added in 2.16, written from knowledge of how students write: a "partial" teacher is biased ("partial towards" was
# already here).
-1.8 very partial, is partial, are partial, being partial
# Also in 2.16: the answer to "what should be improved?" that there is nothing to improve is praise ("nothing to
# improve" had read the negated "improve" and the suggestion cue as a complaint), and much to improve is not; rules
# kept alike and grading in the open (not "transparent" alone: a clear plastic case is not praise); a system that keeps
# failing.
2.2 nothing to improve, nothing to be improved, nothing needs to be improved, nothing needs improvement, nothing to change, nothing to be changed, nothing should be changed, no need to improve, no need for improvement, no need to change anything, no room for improvement, don't change anything, do not change anything, keep doing what you're doing, keep doing what you are doing, keep doing what you do, just keep doing what you're doing
-1.5 a lot to improve, lots to improve, much to improve, so much to improve, many things to improve, a lot of things to improve, lots of things to improve, plenty to improve, a lot to work on, lots to work on, many things to work on
1.5 consistent, transparent with, transparent in, transparent about, transparent grading, grading is transparent, grading was transparent, transparent kaayo, transparent siya, transparent si
# Also in 2.16: a teacher never seen, or waited on for weeks; a teacher who knows everything; a class that changed how a
# student thinks; a wish that the teacher never change.
-1.5 barely saw her, barely saw him, rarely saw her, rarely saw him, hardly saw her, hardly saw him, never saw her in class, never saw him in class, barely see her, barely see him
-1.2 it's been weeks, it's been months, it's been two weeks, it's been three weeks, it's been two months, it's been three months
2.5 walking encyclopedia, walking dictionary, changed the way i think, changed the way i see, changed my perspective, changed my life, opened my eyes, opened my mind
2.2 never change, don't ever change, please don't change
# Also in 2.16: names of course content and school life that VADER reads as sentiment ("mock" as ridicule, "block" as
# an obstacle, "criminal" in a Criminology subject, "war" in a history class, a "surprise" quiz). "Safety", "credit"
# and "holiday" were tried at 0 and left as VADER has them: students praise a teacher careful about lab safety, give
# a teacher the credit, and thank one who answers on a holiday. "In favor of" is a preposition, not praise.
0 in favor of, in favour of, defense, defence, world war, novel, novels, fiesta, outreach, values education, values ed, fire drill, earthquake drill, surprise quiz, surprise quizzes, surprise exam, surprise exams, surprise recitation
2 energy is contagious, enthusiasm is contagious, passion is contagious, contagious energy, contagious enthusiasm, contagious laugh
0 mock exam, mock exams, mock test, mock tests, mock board, mock boards, mock defense, block section, block sections, block schedule, criminal law, criminal justice, criminal procedure, criminal investigation, criminology, emergency, emergencies, structures, dynamics, thesis defense, lab safety
# Also in 2.16: the student's own friends are not praise ("I would recommend her to my friends"); a teacher like a
# friend is. Difficulty said as hyperbole ("the workload is killing me") is not a complaint by itself (guidelines rule 7).
0 my friend, my friends, our friend, our friends, with friends, my classmates and friends
2 like a friend, like a friend to us, like a big brother, like a big sister, like a mother to us, like a second mother, like a father to us
-0.5 killing me, killing us, killed me, killed us, kills me, kills us, nearly killed me, almost killed me
-1.5 talks about his personal life, talks about her personal life, talks about his life, talks about her life, talks about his family, talks about her family
1.2 consistency
-1.2 inconsistency, inconsistencies
-2 dropped the course because of him, dropped the course because of her, dropped the class because of him, dropped the class because of her, dropped the subject because of him, dropped the subject because of her
2 want to become a teacher, want to be a teacher, want to be like her, want to be like him, wants to be like her, wants to be like him
-1.2 crashing, kept crashing, keeps crashing, always crashing, crashes, crashed
# Also in 2.16: remarks and jokes that demean a student are complaints, whatever "jokes" says alone.
-2.5 sexist, racist, homophobic, misogynistic, discriminatory, body shaming, body-shaming, bodyshaming, inappropriate jokes, green jokes, dirty jokes, sexist jokes, racist jokes, offensive jokes, malicious jokes, inappropriate remarks, inappropriate comments
-2 inappropriate, offensive, malicious
# Added in 2.15, written from knowledge of how students complain: not being able to bear something is a complaint,
# and the complaint it names keeps its sign ("I can't take his yelling anymore" had read the yelling as denied).
-1.2 can't take it, cannot take it, couldn't take it, can't take his, cannot take his, can't take her, cannot take her, can't take their, cannot take their, can't take this anymore, cannot take this anymore, can't handle, cannot handle, couldn't handle, can't tolerate, cannot tolerate, couldn't tolerate, can't bear, cannot bear, couldn't bear, can't deal with, cannot deal with, couldn't deal with, can't put up with, cannot put up with
# Added in 2.17, written from knowledge of how students write: having learned little is the complaint that learning
# nothing is ("didn't learn much" had read as a negated "learn", weaker than the praise before a "but"; "learned very
# little" as "learned", praise).
-2.5 didn't learn much, did not learn much, didn't learn a lot, did not learn a lot, didn't really learn anything, did not really learn anything, didn't learn that much, did not learn that much, learned very little, learnt very little, learned so little, learned little, learnt little, barely learned anything, barely learnt anything, hardly learned anything, hardly learnt anything, haven't learned much, have not learned much, not learning much, not learning anything
# Also in 2.17: a fault another part of the course makes up for ends a comment on praise; learning done elsewhere, or
# paid for, is an implicit complaint.
2 made up for it, makes up for it, make up for it, made up for that, makes up for that, more than made up for it
-1.8 learn everything from youtube, learned everything from youtube, learnt everything from youtube, had to learn from youtube, had to learn it from youtube, had to learn everything on our own, had to google everything
-1.5 had to hire a tutor, had to get a tutor, hired a tutor just to pass, had to enroll in a review center
# Also in 2.17: a teacher who answers, always or quickly ("never answers" was here); a student who would rather learn
# alone than listen.
2 always answers, always replies, always responds, always answers our questions, replies quickly, responds quickly, answers quickly, replies fast, responds fast
-1.8 rather study on my own, rather study alone, rather self-study, rather self study, rather watch youtube, would rather teach myself
# Also in 2.17: a teacher who deserves a raise.
2.5 deserves a raise, give this man a raise, give this woman a raise, give her a raise, give him a raise, deserves a promotion, deserves an award
# Also in 2.17: a book or material bought and hardly used. VADER has no "expensive"; it is not added alone, as a word
# of shopping more than of teaching, only with what students pay for.
-1 expensive book, expensive books, expensive textbook, expensive textbooks, expensive modules, expensive module, expensive lab fees, expensive materials, book was expensive, textbook was expensive, books are expensive, modules are expensive
-1.2 barely used it, barely used the book, barely used the textbook, hardly used it, hardly used the book, hardly used the textbook, we barely used, we hardly used
# Also in 2.17: mocking students ("fun" alone is praise).
-2 makes fun of, made fun of, making fun of, make fun of, laughs at students, laughed at students, laughs at us, laughed at us, laughs at our answers, laughed at my answer
`;

const TAGALOG = `
3 ang galing, galing mo, galing naman, ang husay, magaling, galing, kagaling, kabait, kaganda, kahusay, mahusay, husay, napakahusay, napakagaling, pinakamagaling, da best, dabest, the best po, lodi, idol, petmalu, lupet, lufet, bilib, humahanga, hanga, walang masabi, wala akong masabi, wala ako masabi, wala akong masasabi, walang masasabi, sobrang galing, mahal namin kayo, mahal ko kayo, love you, labyu, perpekto, mabuhay
2.5 paborito, mabait, bait, maganda, ganda, matalino, talino, maayos, malinaw, natuto, natututo, natutunan, natutuhan, marami akong natutunan, marami kaming natutunan, nakakainspire, nakaka-inspire, inspirasyon, madaling lapitan, madaling maintindihan, madaling intindihin, maaasahan, solid
2.2 masaya, saya, nakakatuwa, natutuwa, tuwa, nag-enjoy, nakakaenjoy, nakaka-enjoy, nag-eenjoy, matiyaga, pasensyoso, pasensyosa, mapagpasensya, maunawain, maalalahanin, maasikaso, maalaga, mapagmahal, magalang, masipag, sipag, masigla, nakakaaliw, aliw, interesante, makabuluhan, astig, walang reklamo, walang problema, approachable po, goods, oks na oks
1.8 naiintindihan, naintindihan, nagets, na-gets, gets ko, nakuha ko, organisado, handa, kwela, nakakatawa, makatarungan, patas, mapagbigay, mahinahon, responsable, ayos, recommended, nagustuhan, gusto ko, gustong-gusto, gustung-gusto, bet ko, bet na bet, inspired, ganado
1.2 matuto, madali, kalmado, marunong
0.5 oks, pwede, sige, nice naman
0.5 accept, accepted
0.8 fit
0 alas, fan, hand, cut, number, pay, nag, mag, naka, nakaka, pag, ha, sana, po, opo, naman, mga, gusto, mahal, grabe, lang, talaga, kasi, sobra, sobrang, bilis, dami, marami, madami, haba, mahaba, daw, raw
-1 ewan, mahina, hina, matagal, tagal, ang tagal, antagal, mabagal, bagal, hiya, reklamo, pagod, takot, kaba, kinakabahan, abala, istrikto, strikto, mahigpit, hindi pare-pareho
-1.5 huhu, huhuhu, umay, awit, nu ba yan, nu bayan, wrong, hays, hayst, hay nako, haynako, ano ba naman yan, ano ba yan, ano ba naman, mahirap, hirap, nahihirapan, pinahirapan, kulang, kulang-kulang, kakulangan, malabo, labo, mali, pagkakamali, nagkamali, sablay, lito, nalilito, litong-lito, nakakalito, lagi siyang late, laging late, palaging late, laging absent, palaging absent, laging wala, palaging wala, lumiliban, umaabsent, nag-aabsent, nale-late, nalalate, late palagi, hassle, nakakahiya, nangongopya, binabagsak, bagsak, ibinagsak, may paborito, may favorite, walang ganap, hindi sumasagot, di sumasagot, hindi nagrereply, di nagrereply, hindi nagrereplay, seen lang, seenzone, walang sagot, walang feedback, sumisigaw, sigaw, nagsisisigaw, nagagalit, galit, pressure, nakakapressure, nakakapagod, napapagod, stress, stressed, nakaka-stress, nakakastress, di pare-pareho, magulo, gulo, malungkot, lungkot, nakakalungkot, mabagal magturo, sobrang bilis magturo, mabilis magturo, ang bilis magturo, mabilis mag-discuss, mabilis mag-explain, ang bilis mag-discuss, ang bilis mag-explain
-2 kakainis, kainis, nadismaya, walang pakialam, walang pakealam, walang pake, boring, nakakaboring, nakaka-boring, nakakabored, nakakaantok, nakaka-antok, inaantok, antok, nakakatulog, nakakainip, inip, nakakabagot, bagot, masungit, sungit, suplada, suplado, maldita, mataray, taray, terror, nakakatakot, natatakot, palasigaw, magagalitin, mayabang, yabang, maangas, tamad, katamaran, pabaya, iresponsable, hindi patas, di patas, favoritism, nakakairita, irita, naiinis, inis, badtrip, pangit, panget, pangget, ampanget, masama, bulok, nakakadismaya, dismayado, nakakadisappoint, nakaka-disappoint, disappointed, sayang, sayang oras, sayang ang oras, sumasakit ulo, sakit sa ulo, nakakasakit, pinapahiya, pinahiya, ipinahiya, walang ginagawa, walang alam, hindi nagtuturo, di nagtuturo, hindi pumapasok, di pumapasok, hindi nagpapakita, di nagpapakita
-2.5 walang kwenta, walang kuwenta, walang kwentang, walang kuwentang, walang silbi, walang natutunan, wala akong natutunan, wala kaming natutunan, walang natututunan, walang natutuhan, hindi maintindihan, di maintindihan, hindi ko maintindihan, di ko maintindihan, hindi namin maintindihan, di namin maintindihan, mahirap intindihin, mahirap maintindihan, hindi ko gets, di ko gets, di ko ma-gets, di ko magets, hindi ko ma-gets, hindi ko magets, di namin gets, hindi namin gets, di gets, di magets, walang nagegets, hindi naiintindihan, di naiintindihan, hindi ko naiintindihan, di ko naiintindihan, hindi maayos, di maayos, hindi malinaw, di malinaw, nakakainis, nakakabwisit, bwisit, nakakagalit, bastos, walang respeto, walang galang, palpak, basura, perwisyo, gago, bobo, tanga, ulol, ulul, tarantado, leche, punyeta, putangina, tangina, pakshet, bwakanang
# Added in 2.0, written from knowledge of student comments.
2.5 matulungin, mabuti, may malasakit, malasakit, madaling kausap
2.2 nakakamotivate, nakaka-motivate, nakakagana
-1.5 puro reporting, reporting lang, puro report, puro activities, puro activity, mainit ang ulo, mainit ulo, kulang sa paliwanag, walang paliwanag
-2 pinapabayaan, pinabayaan, namamahiya, nanlalait, mapagmataas, mainitin ang ulo, mainitin ulo, laging galit, walang konsiderasyon, walang consideration
# Added in 2.1, written from knowledge of how students write (words of praise, relief, weariness and regret the
# lexicon lacked; ambiguous slang such as "malupit", "mabangis" or "makulit" left out, and words whose first sense
# in a review is a product's, such as "kumpleto", "maluwag", "pulido", "komportable").
2.5 kahanga-hanga, kamangha-mangha, kapaki-pakinabang, mapagkakatiwalaan, dedikado, dedikada
2.2 epektibo, mabisa, detalyado, pursigido, pursigida, matiisin, kaaya-aya, kasiya-siya, panatag, gumaan ang loob, magaan sa pakiramdam, masarap makinig, sarap makinig, mahaba ang pasensya, mahaba ang pasensiya, malinis magturo, swerte, suwerte, maswerte, masuwerte, mapalad, pinagpala
1.5 may saysay, nakapasa
-1 pabago-bago, paiba-iba, minamadali, madalian, nagmamadali, naiilang, nahihiya, nahihiyang magtanong, bumagsak, nagtiis, tiniis, pagtitiis, tiis
-1.5 nakakapanghinayang, nanghinayang, padalos-dalos, pabigat, pahirap, masakit sa ulo, sakit sa ulo, sumasakit ang ulo, sumakit ang ulo, sawang-sawa, ayoko, ayaw ko, mabagsik, mainitin, pikon, walang saysay
-1.8 tinatamad, tinamad, maikli ang pasensya, maiksi ang pasensya, maikli ang pasensiya, nakakapikon, nakakaasar, naasar, asar, paasa, pinaasa, kawawa, kaawa-awa
-2 buwisit, bwisit, mapanghusga, sinungaling, nagsisisi, pinagsisisihan, pinagsisihan
# Added in 2.2, written from knowledge of student comments: classes not held, learning left to the students.
-1.5 walang klase, walang discussion, walang lesson, walang lecture, kami lang nag-aral, kami lang natuto, sariling sikap, nag-self study, nagself study
# Added in 2.3, written from knowledge of student comments: clarity, favouring some students, comparing them.
2 linaw, ang linaw, napakalinaw, sobrang linaw, luminaw
-1.8 pinapaboran, may pinapaboran, pumapabor, pabor lang sa, kinukumpara kami, ikinukumpara kami, kinukumpara niya kami, kinukumpara
-1.5 seen lang, naka-seen lang, sineen lang, binabasa lang ang slides, binabasa lang yung slides, binabasa lang ang ppt, binabasa lang yung ppt, basa lang ng ppt
-1.8 sa youtube lang kami natuto, sa youtube lang ako natuto, youtube lang ang teacher
2 matututo ka, matututo talaga kayo, matututo ka talaga
# Added in 2.4, written from knowledge of student comments: not keeping up with the class, being shouted at or
# scolded, exams with no surprises, asking a teacher to keep teaching the same way.
-1.8 hindi makasabay, di makasabay, hindi kami makasabay, di kami makasabay, hindi ako makasabay, di ako makasabay, hindi makasunod, di makasunod, hindi kami makasunod, di kami makasunod, naiiwan kami, naiiwan na kami, napag-iiwanan
-1.8 sinigawan, sinisigawan, sumisigaw, pinagalitan, pinapagalitan, pinagagalitan, pinagsabihan sa harap
1.2 walang surprise, walang surprise quiz, walang sorpresa
2 ituloy niyo lang, ituloy mo lang, ituloy lang po, ipagpatuloy niyo, ipagpatuloy mo, ipagpatuloy niyo lang, sana ituloy niyo
# Added in 2.5, written from knowledge of student comments: what can still be improved is a shortcoming said politely.
2.5 sana lahat ng teacher katulad niya, sana lahat ng teacher ay katulad niya, sana lahat ng guro ay katulad niya, sana lahat ng teacher tulad niya, sana lahat ng prof katulad niya, sana lahat ng teachers katulad niya
-1.2 pwede pang i-improve, pwede pa i-improve, pwede pang ma-improve, pwede pa ma-improve, puwede pang i-improve, puwede pang ma-improve, pwede pang pagbutihin, pwede pa pagbutihin, puwede pang pagbutihin, may kailangan pang i-improve, may dapat pang i-improve, may i-improve pa
# Added in 2.13, written from a list of how students talk, checked word by word against the lexicon.
2.2 more power, more power po, more power sir, more power maam
1.5 palabiro
-1.5 bahala na kayo, bahala kayo
-1.8 nang-ghost, nag-ghost, ghinost, ghinost kami, kakaasar, nakakaasar
-2 bwiset, arogante, hambogero, hambog
# Added in 2.15: not caring, with the teacher named between ("wala siyang pakialam"); failing students.
-2 wala siyang pakialam, wala syang pakialam, wala siyang pakealam, wala syang pakealam, wala siyang pake, wala syang pake, wala siyang paki, wala syang paki, walang paki
-1.5 binabagsak, ibinabagsak, nagbabagsak, pinabagsak, ibinagsak
# Added in 2.15: a teacher's favourites are a complaint ("paborito ko si sir" still praises).
-1.8 paborito niya, paborito nya, mga paborito niya, may paborito, may mga paborito, may favorite, may favorites, may pinapaboran, pinapaboran, pinapaburan, may kinikilingan, kinikilingan
# Added in 2.15: not being able to bear it any longer.
-1.2 di ko na kaya, hindi ko na kaya, di ko na matiis, hindi ko na matiis, di ko na matagalan, hindi ko na matagalan, di ko na keri
# Added in 2.16: not liking something ("gusto" alone is also "want").
-1.5 hindi ko gusto, di ko gusto, hindi namin gusto, di namin gusto, ayoko sa, ayoko ng
# Added in 2.16: a teacher who cannot teach ("marunong" alone is mild praise, and the model read its denial as praise);
# demeaning jokes.
-2.5 hindi marunong magturo, di marunong magturo, hindi marunong mag-explain, di marunong mag-explain, hindi marunong magpaliwanag, di marunong magpaliwanag, bastos na jokes, bastos magbiro
# Also in 2.16: time that runs short ("bitin"), the wish that a teacher never change, weeks of waiting.
-1 bitin, nabitin, bitin na bitin
2.2 hindi kayo magbago, di kayo magbago, hindi ka magbago, di ka magbago, huwag kayong magbago, wag kayong magbago, huwag kang magbago, wag kang magbago, hindi na magbago, di na magbago, hindi sana magbago, hindi po kayo magbago, di po kayo magbago
-1.2 ilang linggo na, ilang buwan na
# Also in 2.16: Tagalog words the misspelling and doubled-letter readings took for other words ("nakakatulong", helps,
# read as "nakakatulog", sleepy; "hanggang", until, as "hangang"; "tanging", only; "pinasa", passed or handed in).
2 nakakatulong, nakatulong, makatulong, tumutulong, tumulong, natulungan, tinulungan, tinutulungan
0 hanggang, tanging, pinasa, magulang
-1.5 delikado, naligaw, nakakasawa, nakakaumay
-1 nakakabaliw
# Also in 2.16: stories instead of lessons, a teacher like a friend or a parent, a phone in class, insults.
-1.5 puro kwento, puro kuwento, puro chika, puro kwento lang, kwento lang ng kwento, puro kwento ng buhay niya
2 parang kaibigan, parang barkada, parang nanay namin, parang pangalawang magulang, parang kuya namin, parang ate namin
-1.8 laging nagse-cellphone, laging naka-cellphone, laging nakacellphone, puro cellphone, nagcecellphone habang nagtuturo, nagse-cellphone habang nagtuturo
-2 iniinsulto, ininsulto, insultuhin, nang-iinsulto, nanginsulto, mang-insulto, nang-insulto
# Also in 2.16: nothing to change or improve is praise; much to improve is not.
-1.5 marami pang dapat i-improve, marami pang kailangang i-improve, marami pang dapat ayusin, marami pang kailangang ayusin, madami pang dapat i-improve, madami pang kailangang ayusin
2.2 walang dapat baguhin, wala nang dapat baguhin, walang kailangang baguhin, wala nang kailangang baguhin, walang dapat i-improve, wala nang dapat i-improve, walang kailangang i-improve, wala nang kailangang i-improve, walang babaguhin
# Added in 2.17: having learned little ("hindi masyado", not much; "konti lang", only a little).
-2.5 hindi masyadong natuto, di masyadong natuto, hindi masyado natuto, di masyado natuto, wala masyadong natutunan, wala masyado natutunan, walang masyadong natutunan, konti lang natutunan, konti lang ang natutunan, konti lang namin natutunan, konti lang akong natutunan, kaunti lang natutunan, kaunti lang ang natutunan, halos walang natutunan, halos wala akong natutunan, halos wala kaming natutunan
# Also in 2.17: the wish that a teacher teach and help many more ("pa", more, inside the phrase is no lack).
2.5 makapagturo pa kayo ng maraming taon, makapagturo pa po kayo ng maraming taon, marami pa kayong maturuan, marami pa po kayong maturuan, marami pa kayong matulungan, marami pa po kayong matulungan
# Also in 2.17: no will to teach.
-2 walang ganang magturo, walang gana magturo, walang gana sa pagtuturo, walang ganang mag-discuss
# Also in 2.17: a teacher who answers at once; a student who would rather learn alone than listen ("mas gusto ko pa").
2 sumasagot agad, nagrereply agad, nagre-reply agad, mabilis mag-reply, mabilis magreply, mabilis sumagot
-1.8 mas gusto ko pa mag-self study, mas gusto ko pang mag-self study, mas gusto ko pa mag-aral mag-isa, mas gusto ko pang mag-aral mag-isa, mas natuto pa ako mag-isa, mas natuto pa ako sa youtube
# Also in 2.17: much to be learned (the future "matututunan"), and "not a day without learning".
2.5 marami kang matututunan, marami kayong matututunan, marami kang matututuhan, marami kayong matututuhan, madami kang matututunan, madami kayong matututunan, marami kang matutunan, marami kayong matutunan
3 walang araw na hindi kami natuto, walang araw na hindi ako natuto, walang araw na hindi kami natututo, walang araw na hindi ako natututo, walang araw na wala kaming natutunan, walang araw na wala akong natutunan
`;

const CEBUANO = `
3 maayo kaayo, nindot kaayo, nindota, kanindot, kaayo ko ganahan, ganahan kaayo, bilib kaayo, the best jud, idol jud, maayong magtudlo, maayo motudlo, maayo mutudlo, maayo magtudlo
2.5 maayo, nindot, buotan, bootan, kabuotan, maalamon, hanas, batid, tin-aw, tinaw, nakat-on, nakakat-on, nakat-unan, daghan ko nakat-unan, daghan kog nakat-unan, malipayon, nalipay, matinabangon, mapailubon, masinabtanon, kugihan, makadasig, nakadasig
2 walay problema, wala'y problema, klaro, lingaw, malingaw, makalingaw, kalingaw, nalingaw, lipay, ganahan, ganahan ko, nasabtan, nakasabot, mabination, matinud-anon, hayahay, lami, pasensyoso, dasig
1.5 masabtan, makasabot, kasabot, sabot, sayon, dali ra, makat-on, kat-on, kahibalo, kusgan, maampingon, ayo
1 paspas, dali
0 kaayo, kaau, gyud, jud, kuno, unta, basin, lagi, man, sige, pod, pud, sad, ra, gamay, daghan
-1 hinay, ulahi, na-late, nalate, kulba, taas kaayo, dugay, dugay kaayo
-1.5 lisod, lisud, kalisod, lisora, samok, kasamok, nasuko, suko, kasuko, mangasaba, hadlok, kahadlok, makahadlok, nahadlok, hinay kaayo, paspas kaayo motudlo, paspas kaayo mutudlo, kusog kaayo motudlo
-2 bati, bati kaayo, maot, kapoy, makapoy, kapoy paminawon, gikapoy, kalaay, makalaay, laay, nalaay, katulgon, makatulog, libog, nalibog, makalibog, kalibog, masuk-anon, manyagit, singhag, usik, nasayang, lagot, makalagot, kalagot, dili klaro, dili tin-aw, walay klaro, wala koy nasabtan, wala koy nakat-unan, wa koy nakat-unan, walay nakat-unan
-2.5 daotan, dautan, walay pulos, way pulos, walay hinungdan, walay kwenta, way kwenta, wala kabalo, walay alam, wa ko kasabot, wala ko kasabot, dili ko kasabot, dili ko makasabot, dili masabtan, lisod masabtan, lisod sabton, usik sa oras, bugo, buang, yawa, pisti, piste, atay, giatay, gaba
# Added in 2.0, written from knowledge of student comments.
2.5 hawd, sayon masabtan, sayon sabton, dali ra masabtan, dali masabtan
-1.5 dugay moabot, dugay muabot
-2 pasagad, tapulan, walay pagtagad
# Added in 2.1, written from knowledge of how students write.
2.2 nakatabang, mapasensyahon, mapinanggaon, maatimanon
-1 maulaw, naulaw, nagdali-dali, gidali-dali, kahago, hago
-1.2 paspas ra kaayo
-1.5 kasakit sa ulo, gihadlok
-2 way klaro
# Added in 2.2, written from knowledge of student comments: classes not held, learning left to the students.
-1.5 walay klase, walay discussion, walay lesson, kami ra nagtuon, kami ra nakat-on
# Added in 2.3, written from knowledge of student comments: the exclamative ka- (kaboring: how boring), late with
# the progressive ga-/naga-, being shamed in front of the class, being compared.
-2 kaboring, ka-boring, gipakaulawan, gipaulawan, gipakaulaw
-1.5 ga-late, galate, naga-late, nagalate, nag-late
-1.8 gina-compare, gina-compare mi, gikumpara mi, ginakumpara
-1.5 seen ra, gi-seen ra, gibasa ra ang slides, gibasa ra ang ppt, basa ra sa ppt
-1.8 sa youtube ra mi nakakat-on, sa youtube ra ko nakakat-on
2 makakat-on gyud ka, makakat-on jud ka
# Added in 2.4, written from knowledge of student comments: not keeping up with the class, being shouted at.
-1.8 dili mi kasabay, dili ko kasabay, di mi kasabay, di ko kasabay, dili makasabay, di makasabay, dili mi makasabay, dili makasunod, di makasunod, dili mi makasunod, nabilin mi
-1.8 gisinggitan, ginasinggitan, nagsinggit, gikasab-an, gikasaba, gikasab-an mi
2 padayon lang, ipadayon lang, padayona lang
# Added in 2.5, written from knowledge of student comments: what can still be improved.
2.5 unta tanan teacher sama niya, unta tanan maestra sama niya, unta tanan maestro sama niya, unta tanan magtutudlo sama niya, unta tanan teacher pareha niya
-1.2 pwede pa ma-improve, pwede pa i-improve, puwede pa ma-improve, puwede pa i-improve, ma-improve pa, pwede pa mapaayo, puwede pa mapaayo, mapaayo pa, naa pay i-improve, naa pay ma-improve
# Added in 2.13, written from knowledge of how students write: the other spellings of "nakat-unan" (learned).
2.5 nakat-onan, nakaton-an, nakatun-an, nakakat-onan, daghan ko nakat-onan, daghan kog nakat-onan
# Also in 2.13, from the same list.
2.5 buutan
2 tinud-anon
-1.5 mosinggit, way klase, walay klase
-1.8 pinalabi, gipalabi
# Added in 2.15: a teacher's favourites, and not being able to bear it any longer.
-1.8 naay paborito, naay mga paborito, iyang paborito, iyang mga paborito
-1.2 dili na nako kaya, di na nako kaya, dili na ko kaya, di na ko kaya, dili na nako maagwanta, di na nako maagwanta, dili na ko kaagwanta, di na ko kaagwanta
# Added in 2.16: a teacher who cannot teach.
-2.5 dili kahibalo mutudlo, dili kabalo mutudlo, di kabalo mutudlo, dili kahibaw mutudlo, dili kabalo motudlo, dili kahibalo motudlo
# Also in 2.16: no feedback, a phone in class, a teacher like a friend or a parent, the wish that a teacher never
# change, weeks of waiting.
-1.5 walay feedback, wala'y feedback, way feedback
-1.8 sige lang ug cellphone, sige lang og cellphone, sige ra ug cellphone, sige lang ug cp, pirme nag-cellphone, permi nag-cellphone, nag-cellphone samtang
2 murag amigo, murag higala, murag inahan namo, murag amahan namo
2.2 ayaw usba, ayaw pagbag-o, dili unta ka mausab, dili unta mo mausab, dili na mausab, dili na ka mausab
-1.2 pila na ka semana, pila na ka bulan
# Also in 2.16: Cebuano words the misspelling reading took for others ("gihapoy", still, as "gikapoy", tired).
0 gihapoy
-1.5 makasakit, makasakit nga pulong
# Also in 2.16: a teacher who does not teach properly; insults (the forms shared with Tagalog are listed there).
-2 dili tarong mutudlo, dili tarong motudlo, di tarong mutudlo, di tarong motudlo, dili tarong magtudlo, dili tarong mag-explain, dili tarong mo-explain
-2 gi-insulto, giinsulto, ginainsulto, gina-insulto, manginsulto
# Also in 2.16: nothing to change or improve is praise; much to improve is not.
-1.5 daghan pa ug i-improve, daghan pa'g i-improve, daghan pay i-improve, daghan pa angay i-improve, daghan pa kinahanglan i-improve, daghan pa angay usbon
2.2 wala nay i-improve, wala nay ma-improve, wala nay usbon, walay usbon, walay angay usbon, wala nay angay usbon, wala nay kinahanglan usbon, walay kinahanglan usbon
# Added in 2.17: having learned little ("gamay ra", only a little; "wala kaayo", not much).
-2.5 gamay ra ang nakat-onan, gamay ra among nakat-onan, gamay ra akong nakat-onan, gamay ra ang nakat-unan, gamay ra among nakat-unan, gamay ra og nakat-onan, wala kaayo mi nakat-on, wala kaayo ko nakat-on, wala kaayoy nakat-onan, wala kaayoy nakat-unan, halos wala mi nakat-on, halos walay nakat-onan
# Also in 2.17: arrogance ("dili siya mapahitas-on", not arrogant, is then praise by negation), and no will to teach.
-2 mapahitas-on, hambogero, hambogera, mapagarbohon, palabilabihon
-2 walay gana motudlo, walay gana mutudlo, wala siyay gana, wala siyay gana motudlo, wala siyay gana mutudlo
# Also in 2.17: a teacher who answers at once.
2 mo-reply dayon, motubag dayon, mutubag dayon, paspas mo-reply, paspas motubag
# Also in 2.17: a teacher who does not know how to explain or teach ("kahibalo" alone is knowing).
-2.5 dili kahibalo mo-explain, dili kabalo mo-explain, dili kahibawo mo-explain, dili kahibalo motudlo, dili kabalo motudlo, dili kahibalo mutudlo, dili kabalo mutudlo
# Also in 2.17: much to be learned, and "not a day without learning".
2.5 daghan kag makat-onan, daghan ka ug makat-onan, daghan kag makat-unan, daghan mog makat-onan, daghan mo ug makat-onan, daghan ka makat-onan, daghan kag matun-an, daghan mog matun-an
3 walay adlaw nga wala mi nakat-on, walay adlaw nga wala ko nakat-on, walay adlaw nga walay nakat-onan
`;

/** Emoji overrides: newer emojis missing from the 2015 ranking, and emojis that mean something else in class. */
const EMOJI = `
# Added in 2.17: folded hands are "please" in a request as often as thanks ("pls upload the modules on time 🙏"); the
# words around them say which.
0 🙏
2.5 🥰, 🤩, 🫶
1.5 🙌, 💪, ✨
-1.5 🥱, 😴, 😪, 🤦, 🤦‍♀️, 🤦‍♂️, 😞, 😔, 😩, 😫, 😖, 😣
-2 🙄, 😒, 😤, 😡, 😠, 🤬, 👎, 💀
`;

function parse(...sections: readonly string[]): Map<string, number> {
  const entries = new Map<string, number>();
  for (const section of sections) {
    for (const line of section.split('\n')) {
      const trimmed = line.trim();
      if (trimmed.length === 0 || trimmed.startsWith('#')) continue;
      const space = trimmed.indexOf(' ');
      const valence = Number(trimmed.slice(0, space));
      if (space <= 0 || !Number.isFinite(valence)) throw new Error(`domain lexicon: bad line "${trimmed}"`);
      for (const term of trimmed.slice(space + 1).split(',')) {
        const key = term.trim();
        if (key.length > 0) entries.set(key, valence);
      }
    }
  }
  return entries;
}

/** Domain terms (single words and phrases) with their valence; later sections win on duplicates. */
export const DOMAIN_TERMS: ReadonlyMap<string, number> = parse(ENGLISH, TAGALOG, CEBUANO);

export const EMOJI_OVERRIDES: ReadonlyMap<string, number> = parse(EMOJI);
