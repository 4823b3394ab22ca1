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

" :StaveFmt lays the buffer out with `stave fmt`, and so does gq over the whole buffer
" (gggqG); gq over part of it formats as Vim does (comments, say). The buffer changes
" only when the song has no errors; otherwise they go to the quickfix list. Not
" 'formatprg': a filter would put the error messages in place of the song.
" g:stave_command names the program (default: stave on PATH).
command! -buffer -bar StaveFmt call StaveFormatBuffer()
setlocal formatexpr=StaveFormatExpr()

let b:undo_ftplugin = "setlocal commentstring< comments< formatoptions< matchpairs<"
      \ . " iskeyword< suffixesadd< formatexpr< | delcommand StaveFmt"

if !exists('*StaveFormatBuffer')
  " Formats the whole buffer; returns 0 on success, 1 when it was left as it is.
  function! StaveFormatBuffer() abort
    let l:program = get(g:, 'stave_command', 'stave')
    if !executable(l:program)
      echohl ErrorMsg | echomsg 'StaveFmt: cannot run ' . l:program | echohl None
      return 1
    endif
    let l:errors = tempname()
    let l:lines = getline(1, '$')
    let l:output = systemlist(shellescape(l:program) . ' fmt - 2>' . shellescape(l:errors), l:lines)
    if v:shell_error != 0
      let l:messages = filereadable(l:errors) ? readfile(l:errors) : []
      call delete(l:errors)
      let l:items = getqflist({'lines': l:messages, 'efm': '%f:%l:%c: %m,%-G%.%#'}).items
      call map(l:items, {_, item -> extend(item, {'bufnr': bufnr('%')})})
      call setqflist([], 'r', {'title': 'StaveFmt', 'items': l:items})
      echohl ErrorMsg | echomsg 'StaveFmt: the song has errors (:copen lists them); nothing was changed' | echohl None
      return 1
    endif
    call delete(l:errors)
    if l:output !=# l:lines
      let l:view = winsaveview()
      call setline(1, l:output)
      if line('$') > len(l:output)
        silent execute (len(l:output) + 1) . ',$delete _'
      endif
      call winrestview(l:view)
    endif
    return 0
  endfunction

  " 'formatexpr': the whole buffer through StaveFormatBuffer; anything less (or formatting
  " while typing) is left to Vim.
  function! StaveFormatExpr() abort
    if mode() =~# '[iR]' || v:char !=# '' || v:lnum != 1 || v:count < line('$')
      return 1
    endif
    call StaveFormatBuffer()
    return 0
  endfunction
endif

let &cpo = s:cpo_save
unlet s:cpo_save
