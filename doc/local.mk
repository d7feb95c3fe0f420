## doc/local.mk - the manual page of the pram command.

man1_MANS += doc/pram.1
EXTRA_DIST += doc/pram.1 doc/hacking.md
# The GitHub Classroom workflow of pram check (tests/check-classroom.sh runs it).
EXTRA_DIST += doc/github-classroom.yml
# PrairieLearn: the external grader's image and an example question.
EXTRA_DIST += doc/prairielearn/Dockerfile doc/prairielearn/question/info.json \
	doc/prairielearn/question/question.html doc/prairielearn/question/tests/run.sh \
	doc/prairielearn/question/tests/exercise
