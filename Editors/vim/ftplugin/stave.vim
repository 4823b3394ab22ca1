" Vim filetype plugin
" Language:	Stave, a text score language (*.stave)
" Maintainer:	the Stave project (Editors/README.md)

if exists("b:did_ftplugin")
  finish
endif
let b:did_ftplugin = 1

let s:cpo_save = &cpo
set cpo&vim

" gc / :s-style commenting, comment leaders for gq and o/O
setlocal commentstring=//\ %s
setlocal comments=s1:/*,mb:*,ex:*/,://
setlocal formatoptions-=t formatoptions+=croql
" % jumps between chord brackets, tuplet and block braces
setlocal matchpairs=(:),[:],{:}
" kebab-case names (open-hat, acoustic-grand-piano) are one word for w, * and ^N
setlocal iskeyword+=-
setlocal suffixesadd=.stave

let b:undo_ftplugin = "setlocal commentstring< comments< formatoptions< matchpairs<"
      \ . " iskeyword< suffixesadd<"

let &cpo = s:cpo_save
unlet s:cpo_save
