## doc/local.mk - the manual page of the pram command.

man1_MANS += doc/pram.1
EXTRA_DIST += doc/pram.1 doc/hacking.md
# The GitHub Classroom workflow of pram check (tests/check-classroom.sh runs it).
EXTRA_DIST += doc/github-classroom.yml
