" Stave score files
autocmd BufRead,BufNewFile *.stave setfiletype stave
