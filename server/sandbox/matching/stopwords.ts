const ENGLISH = `a about above after again against all also am an and any are as at be because been
before being below between both but by can could did do does doing down during each few for from
further get got had has have having he her here hers herself him himself his how i if in into is it
its itself just me more most my myself no nor not now of off on once only or other our ours
ourselves out over own same she should so some such than that the their theirs them themselves then
there these they this those through to too under until up very was we were what when where which
while who whom why will with would you your yours yourself yourselves dont im ive its youre thats
lets really much many every one two three go going gonna wanna like love loving loved obsessed
today day new look looks looking thing things way make made use using used try tried`

/** Words social captions use everywhere; they carry no product signal. */
const SOCIAL = `fyp foryou foryoupage viral trending trend explore reels reel tiktok instagram insta ig
shorts youtube video videos follow followme link bio linkinbio shop shopping buy haul ootd omg lol
vibes vibe mood`

export const STOPWORDS: ReadonlySet<string> = new Set(`${ENGLISH} ${SOCIAL}`.split(/\s+/))
