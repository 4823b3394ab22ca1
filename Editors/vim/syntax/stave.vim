" Vim syntax file
" Language:	Stave, a text score language (*.stave)
" Maintainer:	the Stave project (Editors/README.md)
"
" Groups: staveHeader (title composer tempo meter key ppq major minor marker, and
" transpose at the top level, v3),
" staveKeyword (track drums phrase pattern repeat sync at, transpose in sync, xN),
" staveSetting, staveInstrument, staveKit, staveTrackName, stavePhraseName,
" staveTrackRef, stavePhraseRef, stavePitch, staveDrum, staveDuration, staveRest,
" staveOctave, staveVelocity, staveDynamic, staveTie, staveBar, staveBracket,
" staveString, staveEscape, staveNumber, staveOperator, staveComment, staveError;
" Stave 2: staveMark (' _ ^), staveHairpin (!< !>), staveController (pedal cc bend),
" staveChordSymbol ([Am7]), staveLyrics (the strings of lyrics), staveSyllable
" (- _ * in them). Groups that stand for another in one place only, so that a word
" is special only there, and are linked to it: staveLyricsKeyword (staveKeyword),
" staveLyricsRef (stavePhraseRef), staveLyricsComment (staveComment), in v3 lyrics
" staveLyricsBar (staveBar: | in a verse), staveLyricsFrom (staveKeyword),
" staveLyricsSource (stavePhraseRef), staveLyricsSourceTrack (staveTrackRef) and
" staveLyricsDot (staveOperator) of `from TRACK.ID`,
" stavePedalState (staveController: down up after pedal), staveCcNumber and
" staveControlNumber (staveNumber), staveTupletDuration (staveDuration, no marks).
" Regions that only hold other items: staveTrackBlock, staveDrumsBlock,
" staveMelodyBody, staveDrumBody, stavePhraseBlock, staveDrumPhraseBlock,
" staveMelodyPhraseBody, staveDrumPhraseBody, staveChord, staveTuplet,
" staveDrumChord, staveDrumTuplet, staveSyncStmt, staveGrace, staveDrumGrace.

if exists("b:current_syntax")
  finish
endif

let s:cpo_save = &cpo
set cpo&vim

syn case match
" kebab-case names (acoustic-bass, pan-flute) are single words for keywords
syn iskeyword @,48-57,_,192-255,-
" track and phrase blocks nest: always parse from the top
syn sync fromstart

" Building blocks. A word starts after a character that cannot be part of it
" and ends before one; a duration is 1 2 4 8 16 32 64 with up to three dots.
let s:B = '\%([[:alnum:]_#-]\)\@1<!'
let s:E = '\%([[:alnum:]_#.-]\)\@!'
" Stave 2: articulation marks after a duration or pitch (' staccato, _ tenuto,
" ^ accent); after them no further word or mark character may follow
let s:marks = '[''_^]\{1,3}'
let s:ME = '\%([[:alnum:]_#.''^-]\)\@!'
let s:dur = '\%(64\|32\|16\|8\|4\|2\|1\)\.\{,3}'
let s:pitch = '[a-g]\%(##\|#\|bb\|b\|n\)\='
let s:id = '\h\w*'
let s:drums = ''
      \ . 'acoustic-bass-drum\|acoustic-snare\|chinese-cymbal\|electric-snare'
      \ . '\|high-floor-tom\|low-wood-block\|closed-hi-hat\|hi-wood-block\|low-floor-tom'
      \ . '\|mute-hi-conga\|mute-triangle\|open-hi-conga\|open-triangle\|short-whistle'
      \ . '\|splash-cymbal\|crash-cymbal\|high-timbale\|long-whistle\|pedal-hi-hat\|ride-cymbal'
      \ . '\|second-crash\|second-ride\|high-agogo\|long-guiro\|low-timbale\|mute-cuica'
      \ . '\|open-cuica\|open-hi-hat\|short-guiro\|side-stick\|tambourine\|bass-drum'
      \ . '\|hand-clap\|hi-mid-tom\|low-agogo\|low-bongo\|low-conga\|low-mid-tom\|pedal-hat'
      \ . '\|ride-bell\|vibraslap\|hi-bongo\|open-hat\|high-tom\|tom-high\|maracas\|tom-low'
      \ . '\|cabasa\|claves\|cowbell\|low-tom\|tom-mid\|splash\|china\|crash\|snare\|clap'
      \ . '\|kick\|ride\|hat\|rim'

" Comments and strings -------------------------------------------------------
syn keyword staveTodo contained TODO FIXME XXX NOTE
syn match staveComment "//.*$" contains=staveTodo,@Spell
syn region staveComment start="/\*" end="\*/" contains=staveTodo,@Spell
syn region staveString start=/"/ skip=/\\[\\"]/ end=/"/ oneline contains=staveEscape,staveEscapeError
syn match staveEscapeError /\\[^\\"]/ contained
syn match staveEscape /\\[\\"]/ contained

" The song header (top level) ------------------------------------------------
syn keyword staveHeader title composer meter ppq major minor
" Stave 3: the song's `transpose N` (inside a track it is a setting)
syn keyword staveHeader transpose nextgroup=staveNumber skipwhite
" marker "text" at BAR (header) and marker "text" (body, where staveHeader is active too)
syn keyword staveHeader marker nextgroup=staveString skipwhite skipnl skipempty
syn keyword staveHeader tempo nextgroup=staveNumber skipwhite
exe 'syn match staveHeader /' . s:B . 'key' . s:E . '/ nextgroup=stavePitch skipwhite'
syn keyword staveKeyword at
exe 'syn match staveNumber /\%([[:alnum:]_.-]\)\@1<![-+]\=\d\+\%(\.\d\+\)\=\%([[:alnum:]_.]\)\@!/'
syn match staveOperator "\%(\d\)\@1<=/\%(\d\)\@="

" Tracks -----------------------------------------------------------------------
exe 'syn region staveTrackBlock matchgroup=staveKeyword start=/' . s:B . 'track' . s:E . '/'
      \ . ' end=/}\@1<=/ contains=staveTrackName,staveString,staveComment,staveMelodyBody'
exe 'syn region staveDrumsBlock matchgroup=staveKeyword start=/' . s:B . 'drums' . s:E . '/'
      \ . ' end=/}\@1<=/ contains=staveTrackName,staveString,staveComment,staveDrumBody'
exe 'syn match staveTrackName /' . s:B . s:id . s:E . '/ contained'

syn cluster staveTrackItems contains=staveComment,staveString,staveSetting,staveKeyword,staveNumber,staveSyncStmt
syn region staveMelodyBody matchgroup=staveBracket start=/{/ end=/}/ contained
      \ contains=@staveTrackItems,stavePhraseBlock,staveLyricsKeyword
syn region staveDrumBody matchgroup=staveBracket start=/{/ end=/}/ contained
      \ contains=@staveTrackItems,staveDrumPhraseBlock

syn keyword staveSetting contained instrument nextgroup=staveInstrument,staveNumber skipwhite
syn keyword staveSetting contained kit nextgroup=staveKit,staveNumber skipwhite
syn keyword staveSetting contained channel volume pan velocity octave transpose legato
      \ nextgroup=staveNumber skipwhite
" Accompaniment (v3): `symbols on|off`, `comp SOURCE STYLE.PART`.
syn keyword staveSetting contained symbols comp
exe 'syn match staveInstrument /' . s:B . '\a[[:alnum:]]*\%(-[[:alnum:]]\+\)*' . s:E . '/ contained'
exe 'syn match staveKit /' . s:B . '\a[[:alnum:]]*\%(-[[:alnum:]]\+\)*' . s:E . '/ contained'

" phrase [ID] [at BAR] { body }  /  repeat ID [xN] [at BAR]  /  sync [TRACK.]ID [transpose K] [at BAR]
exe 'syn region stavePhraseBlock matchgroup=staveKeyword start=/' . s:B . '\%(phrase\|pattern\)' . s:E . '/'
      \ . ' end=/}\@1<=/ contained'
      \ . ' contains=staveKeyword,staveNumber,stavePhraseName,staveComment,staveMelodyPhraseBody'
exe 'syn region staveDrumPhraseBlock matchgroup=staveKeyword start=/' . s:B . '\%(phrase\|pattern\)' . s:E . '/'
      \ . ' end=/}\@1<=/ contained'
      \ . ' contains=staveKeyword,staveNumber,stavePhraseName,staveComment,staveDrumPhraseBody'
exe 'syn match stavePhraseName /' . s:B . s:id . s:E . '/ contained'
syn keyword staveKeyword contained repeat nextgroup=stavePhraseRef skipwhite
exe 'syn match staveKeyword /' . s:B . 'x\d\+' . s:E . '/ contained'
exe 'syn region staveSyncStmt matchgroup=staveKeyword start=/' . s:B . 'sync' . s:E . '/'
      \ . ' end=/$/ end=/\%(}\|\/[/*]\)\@=/ oneline contained'
      \ . ' contains=staveKeyword,staveNumber,stavePhraseRef,staveTrackRef,staveOperator'
" (the later of two items starting at one place wins: define the specific ones last)
exe 'syn match stavePhraseRef /' . s:B . s:id . s:E . '/ contained'
exe 'syn match staveTrackRef /' . s:B . s:id . '\ze\.' . s:id . s:E . '/ contained nextgroup=staveOperator'
syn match staveOperator /\./ contained
exe 'syn match staveKeyword /' . s:B . 'transpose' . s:E . '/ contained'

" lyrics ID "verse 1" ["verse 2" …] (melody tracks; the verses may stand on the next lines, and
" a verse may run over several lines, with bar checks | in it) / lyrics ID from [TRACK.]ID2
syn keyword staveLyricsKeyword contained lyrics nextgroup=staveLyricsRef skipwhite
exe 'syn match staveLyricsRef /' . s:B . s:id . s:E . '/ contained'
      \ . ' nextgroup=staveLyrics,staveLyricsComment,staveLyricsFrom skipwhite skipnl skipempty'
syn region staveLyrics start=/"/ skip=/\\[\\"]/ end=/"/ contained
      \ contains=staveEscape,staveEscapeError,staveSyllable,staveLyricsBar
      \ nextgroup=staveLyrics,staveLyricsComment skipwhite skipnl skipempty
syn match staveLyricsBar /|/ contained
syn keyword staveLyricsFrom contained from nextgroup=staveLyricsSourceTrack,staveLyricsSource skipwhite
exe 'syn match staveLyricsSource /' . s:B . s:id . s:E . '/ contained'
exe 'syn match staveLyricsSourceTrack /' . s:B . s:id . '\ze\.' . s:id . s:E . '/ contained nextgroup=staveLyricsDot'
syn match staveLyricsDot /\./ contained nextgroup=staveLyricsSource
" comments between the verses keep the statement going
syn match staveLyricsComment "//.*$" contained contains=staveTodo,@Spell
      \ nextgroup=staveLyrics,staveLyricsComment skipwhite skipnl skipempty
syn region staveLyricsComment start="/\*" end="\*/" contained contains=staveTodo,@Spell
      \ nextgroup=staveLyrics,staveLyricsComment skipwhite skipnl skipempty
" a hyphen splits a word into syllables; _ (held) and * (no syllable) are syllables
syn match staveSyllable /-/ contained
syn match staveSyllable /\%(^\|[[:space:]"|-]\)\@1<=[_*]\%([[:space:]"|-]\|$\)\@=/ contained

" Phrase bodies ----------------------------------------------------------------
syn region staveMelodyPhraseBody matchgroup=staveBracket start=/{/ end=/}/ contained
      \ contains=@staveMelodyItems
syn region staveDrumPhraseBody matchgroup=staveBracket start=/{/ end=/}/ contained
      \ contains=@staveDrumItems
syn cluster staveMelodyItems contains=staveComment,staveHeader,staveError,stavePitch,staveRest,
      \staveOctave,staveVelocity,staveDynamic,staveTie,staveBar,staveChord,staveTuplet,
      \staveHairpin,staveGrace,staveController
syn cluster staveDrumItems contains=staveComment,staveHeader,staveError,staveDrum,staveRest,
      \staveVelocity,staveDynamic,staveTie,staveBar,staveDrumChord,staveDrumTuplet,
      \staveHairpin,staveDrumGrace,staveController

" anything else in a body is an error: stray words and numbers (a duration must
" follow its note directly: "c 4"), unknown dynamics, octave commands on drums
exe 'syn match staveError /' . s:B . '\h[[:alnum:]_#-]*/ contained'
exe 'syn match staveError /' . s:B . '\d[[:digit:].]*/ contained'
syn match staveError /!\w*/ contained
syn match staveError /[<>]/ contained

let s:after = '\ze\%(' . s:dur . '\)\=\%(' . s:marks . '\)\=' . s:ME
exe 'syn match stavePitch /' . s:B . s:pitch . s:after . '/'
      \ . ' contained nextgroup=staveDuration,staveMark,staveTie'
exe 'syn match staveDrum /' . s:B . '\%(' . s:drums . '\)' . s:after . '/'
      \ . ' contained nextgroup=staveDuration,staveMark,staveTie'
exe 'syn match staveRest /' . s:B . 'r\ze\%(' . s:dur . '\)\=' . s:E . '/ contained nextgroup=staveDuration'
exe 'syn match staveDuration /' . s:dur . '/ contained nextgroup=staveMark,staveTie'
" a tuplet's duration takes no marks ({c d e}4' is an error): as in the TextMate grammar,
" "4_" after a tuplet is then no duration
exe 'syn match staveTupletDuration /' . s:dur . s:E . '/ contained nextgroup=staveTie'
exe 'syn match staveMark /' . s:marks . '/ contained nextgroup=staveTie'
syn match staveTie /\~/ contained nextgroup=staveDuration
exe 'syn match staveOctave /' . s:B . 'o\d' . s:E . '/ contained'
syn match staveOctave /[<>]/ contained
exe 'syn match staveVelocity /' . s:B . 'v\d\{1,3}' . s:E . '/ contained'
exe 'syn match staveDynamic /!\%(ppp\|pp\|p\|mp\|mf\|fff\|ff\|f\)' . s:E . '/ contained'
syn match staveBar /|/ contained
" crescendo and diminuendo (defined after staveError's "!\w*", which they beat)
syn match staveHairpin /![<>]/ contained

" pedal down|up, cc N V, bend C (also over lines; the words are not reserved elsewhere)
syn keyword staveController contained pedal nextgroup=stavePedalState skipwhite skipnl skipempty
syn keyword stavePedalState contained down up
syn keyword staveController contained cc nextgroup=staveCcNumber skipwhite skipnl skipempty
syn keyword staveController contained bend nextgroup=staveControlNumber skipwhite skipnl skipempty
exe 'syn match staveCcNumber /' . s:B . '\d\+' . s:E . '/ contained'
      \ . ' nextgroup=staveControlNumber skipwhite skipnl skipempty'
exe 'syn match staveControlNumber /' . s:B . '-\=\d\+' . s:E . '/ contained'

" grace notes before a note: ( items )
syn region staveGrace matchgroup=staveBracket start=/(/ end=/)/ contained
      \ contains=@staveMelodyItems
syn region staveDrumGrace matchgroup=staveBracket start=/(/ end=/)/ contained
      \ contains=@staveDrumItems

syn region staveChord matchgroup=staveBracket start=/\[/ end=/\]/ contained
      \ contains=@staveMelodyItems,staveChordSymbol nextgroup=staveDuration,staveMark,staveTie
syn region staveTuplet matchgroup=staveBracket start=/{/ end=/}/ contained
      \ contains=@staveMelodyItems nextgroup=staveTupletDuration
syn region staveDrumChord matchgroup=staveBracket start=/\[/ end=/\]/ contained
      \ contains=@staveDrumItems nextgroup=staveDuration,staveMark,staveTie
syn region staveDrumTuplet matchgroup=staveBracket start=/{/ end=/}/ contained
      \ contains=@staveDrumItems nextgroup=staveTupletDuration

" a chord symbol inside a melody chord: ROOT QUALITY [/BASS] (after staveError, which it beats)
let s:root = '[A-G][#b]\='
" (the qualities of v2 and v3, then how lead sheets spell them: C-7 C+ C°7 Cø CΔ9 C6/9;
" \%u00b0 is the degree sign, \%u00f8 o-slash, \%u0394 Delta)
let s:quality = 'mmaj7\|madd9\|m7b5\|maj7#11\|maj13\|maj7\|maj9\|add9\|13sus4\|9sus4\|7sus4'
      \ . '\|sus2\|sus4\|dim7\|dim\|aug\|alt\|7b9\|7#9\|7#11\|7b13\|7b5\|7#5'
      \ . '\|m11\|m13\|m69\|69\|m6\|m7\|m9\|11\|13\|m\|5\|6\|7\|9'
      \ . '\|-6\/9\|m6\/9\|6\/9\|-maj7\|-7b5\|-add9\|-11\|-13\|-69\|-\%u03947\=\|m\%u03947\='
      \ . '\|-6\|-7\|-9\|-\|+7\=\|\%u00b07\=\|o7\=\|\%u00f87\=\|\%u0394\%(7#11\|13\|9\|7\)\='
exe 'syn match staveChordSymbol /' . s:B . s:root . '\%(' . s:quality . '\)\=\%(\/' . s:root . '\)\='
      \ . '\ze\%(' . s:marks . '\)\=\%([[:alnum:]_#.''^\/+(-]\|\%u00b0\|\%u00f8\|\%u0394\)\@!/ contained nextgroup=staveMark,staveTie'

" Colours ------------------------------------------------------------------------
hi def link staveComment      Comment
hi def link staveTodo         Todo
hi def link staveString       String
hi def link staveEscape       SpecialChar
hi def link staveEscapeError  Error
hi def link staveHeader       PreProc
hi def link staveKeyword      Keyword
hi def link staveSetting      Type
hi def link staveInstrument   Constant
hi def link staveKit          Constant
hi def link staveTrackName    Identifier
hi def link stavePhraseName   Function
hi def link staveTrackRef     Identifier
hi def link stavePhraseRef    Function
hi def link staveOperator     Operator
hi def link staveNumber       Number
hi def link stavePitch        Identifier
hi def link staveDrum         Identifier
hi def link staveDuration     Number
hi def link staveTupletDuration staveDuration
hi def link staveMark         SpecialChar
hi def link staveHairpin      staveDynamic
hi def link staveController   Statement
hi def link stavePedalState   staveController
hi def link staveCcNumber     staveNumber
hi def link staveControlNumber staveNumber
hi def link staveChordSymbol  Type
hi def link staveLyricsKeyword staveKeyword
hi def link staveLyricsRef    stavePhraseRef
hi def link staveLyrics       String
hi def link staveLyricsComment staveComment
hi def link staveLyricsBar    staveBar
hi def link staveLyricsFrom   staveKeyword
hi def link staveLyricsSource stavePhraseRef
hi def link staveLyricsSourceTrack staveTrackRef
hi def link staveLyricsDot    staveOperator
hi def link staveSyllable     SpecialChar
hi def link staveRest         Special
hi def link staveOctave       Operator
hi def link staveVelocity     Special
hi def link staveDynamic      Special
hi def link staveTie          Operator
hi def link staveBar          Delimiter
hi def link staveBracket      Delimiter
hi def link staveError        Error

let b:current_syntax = "stave"

let &cpo = s:cpo_save
unlet s:cpo_save
