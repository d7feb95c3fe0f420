## doc/local.mk - the manual page of the pram command.

man1_MANS += doc/pram.1
EXTRA_DIST += doc/pram.1 doc/hacking.md
